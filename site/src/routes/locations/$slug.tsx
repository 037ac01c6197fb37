import { createFileRoute } from '@tanstack/react-router';
import { loadLocationPage, locationSearch, presenceHead } from '../-presence/location-data.ts';
import { LocationView, routeChecker } from '../-presence/location-view.tsx';

// Spec §2: the single location page (canonical /locations/{slug}); unknown slugs are 404s.
export const Route = createFileRoute('/locations/$slug')({
  validateSearch: locationSearch,
  loader: ({ context, params }) => loadLocationPage(context, params.slug),
  head: presenceHead,
  component: LocationRoute,
});

function LocationRoute() {
  const navigate = Route.useNavigate();
  return (
    <LocationView
      data={Route.useLoaderData()}
      type={Route.useSearch().type}
      onSelectType={(type) => void navigate({ search: { type }, replace: true, resetScroll: false })}
      hasRoute={routeChecker(Route.useRouteContext().getRouter())}
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { loadLocationPage, locationSearch, presenceHead } from '../-presence/location-data.ts';
import { LocationView, routeChecker } from '../-presence/location-view.tsx';

// Spec §2: the single location page (canonical /locations/{slug}); unknown slugs are 404s.
export const Route = createFileRoute('/contact-us/$slug')({
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
      // Slot of the enquiry form (lead forms, issue 11): mount it here as
      // enquiry={<EnquiryForm location={...} />}. Nothing is shown until then.
      enquiry={null}
    />
  );
}

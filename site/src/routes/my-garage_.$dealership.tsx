import { createFileRoute, notFound } from '@tanstack/react-router';
import { garageUser } from './-garage/garage-gate.ts';
import { requireAvailable } from '../lib/route-exists.ts';
import { featureComponent } from '../lib/feature-component.tsx';
import { pageHead } from '../lib/head.ts';

const DealerGarage = __FEATURE_GARAGE__ ? featureComponent(() => import('../features/garage/dealer-garage.tsx')) : null;
const available = () => __FEATURE_GARAGE__;

// A dealership's own garage page (spec §2 "dealer-branded garage pages"): gated like /my-garage
// (spec §6), and a 404 for a dealership the site does not have, before any sign-in.
export const Route = createFileRoute('/my-garage_/$dealership')({
  staticData: { available, features: async () => DealerGarage?.load() },
  beforeLoad: async ({ context, location, params }) => {
    requireAvailable(available, context.tenant);
    if (!context.tenant.dealer.dealerships.some((d) => d.slug === params.dealership)) throw notFound();
    return { user: await garageUser(context, location.href) };
  },
  head: ({ match, params }) => {
    const dealership = match.context.tenant.dealer.dealerships.find((d) => d.slug === params.dealership);
    return pageHead(match.context.tenant, { title: dealership ? `My Garage at ${dealership.name}` : 'My Garage', noindex: true });
  },
  loader: async () => {
    await DealerGarage?.load();
  },
  component: function DealerGaragePage() {
    const { user } = Route.useRouteContext();
    const { dealership } = Route.useParams();
    return DealerGarage ? <DealerGarage user={user} dealershipSlug={dealership} /> : null;
  },
});

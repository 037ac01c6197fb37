import { createFileRoute } from '@tanstack/react-router';
import type { SoldCarGone } from '../../../../schema/api/car.ts';
import { goneData } from '../../lib/gone.ts';
import { pageHead } from '../../lib/head.ts';
import { NotFoundPage } from '../../components/layout/not-found-page.tsx';
import { soldCarDescription } from '../../domain/sold-car.ts';
import { vehicleJsonLd } from '../../domain/vehicle-json-ld.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { SoldCarPage } from '../../features/vehicle/sold-car-page.tsx';
import type { VehicleRouteData } from '../../features/vehicle/vehicle-head.ts';
import { VehiclePage } from '../../features/vehicle/vehicle-page.tsx';
import { vehicleSlots } from './-vehicle-slots.ts';

type SoldCar = SoldCarGone['sold_car'];

// The vehicle detail page (spec §2 /cars/{slug}). The car comes from the platform API, which
// answers 404 for unknown and hidden cars (this route's not-found page) and 410 for a car sold
// beyond the sold window (its gone page, answered 410, app/gone.ts).
// Pages under a car (checkout, buy-online) are un-nested routes (`cars/$slug_.checkout.tsx`),
// so this route stays a leaf.
// The page's switched-on parts (fuel and finance calculators, spin viewer, enquiry form…): before
// hydrating a server-rendered page, all but the parts hydrated later (-vehicle-later.ts); a render
// loads them all (-vehicle-loader.ts).
const loadFeaturesBeforeHydration = () => import('./-vehicle-slots.ts').then(({ loadVehicleSlots }) => loadVehicleSlots({ beforeHydration: true }));

export const Route = createFileRoute('/cars/$slug')({
  staticData: { features: loadFeaturesBeforeHydration },
  // The loader's work (the API client, zod, the head's rules, the market data and the quote) is in
  // a file of its own, loaded with the page: route files are in every page's first download.
  loader: async ({ context, params }): Promise<VehicleRouteData> => (await import('./-vehicle-loader.ts')).loadVehiclePage(context, params.slug),
  head: ({ match, loaderData }) => {
    const tenant = match.context.tenant;
    if (!loaderData) {
      const sold = goneData<SoldCar>((match.error as { data?: unknown } | undefined)?.data)?.record;
      if (!sold) return pageHead(tenant, { title: 'Page not found', noindex: true });
      const title = vehicleTitle(sold, __FEATURE_SERIES_IN_TITLE__);
      return pageHead(tenant, { title: `Sold: ${title}`, description: soldCarDescription(title, tenant.name), noindex: true });
    }
    const { car, head } = loaderData;
    // JSON-LD is written on the server only: in the browser build this branch (and its import) is dropped.
    const jsonLd = import.meta.env.SSR ? [vehicleJsonLd({ siteUrl: tenant.siteUrl, path: head.page.canonicalPath, ...head.offer, car, sellerName: car.location.name })] : [];
    return pageHead(tenant, { ...head.page, jsonLd });
  },
  component: VehicleRoute,
  notFoundComponent: VehicleNotFound,
});

function VehicleRoute() {
  const data = Route.useLoaderData();
  return <VehiclePage car={data.car} nowSeconds={data.nowSeconds} slots={vehicleSlots} />;
}

/** An unknown car is the site's not-found page; a car sold beyond the sold window its gone page. */
function VehicleNotFound({ data }: { data?: unknown }) {
  const sold = goneData<SoldCar>(data)?.record;
  return sold ? <SoldCarPage car={sold} /> : <NotFoundPage />;
}

import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../../app/head.ts';
import { vehicleJsonLd } from '../../domain/vehicle-json-ld.ts';
import type { VehicleRouteData } from '../../features/vehicle/vehicle-head.ts';
import { VehiclePage } from '../../features/vehicle/vehicle-page.tsx';
import { vehicleSlots } from './-vehicle-slots.ts';


// The vehicle detail page (spec §2 /cars/{slug}). The car comes from the platform API, which
// answers 404 for unknown, hidden and long-sold cars: those are this route's not-found page.
// Pages under a car (checkout, buy-online) are un-nested routes (`cars/$slug_.checkout.tsx`),
// so this route stays a leaf.
// The page's switched-on parts (fuel and finance calculators, spin viewer, enquiry form…).
const loadFeatures = () => import('./-vehicle-slots.ts').then(({ loadVehicleSlots }) => loadVehicleSlots());

export const Route = createFileRoute('/cars/$slug')({
  staticData: { features: loadFeatures },
  loader: async ({ context, params }): Promise<VehicleRouteData> => {
    // The API client (and zod) and the head's rules load with the page, not with every page's
    // entry; the switched-on parts load alongside so the server renders them without a fallback.
    const [{ carQueryOptions }, { ApiRequestError }, { vehicleHeadData }] = await Promise.all([
      import('../../api/cars/car.ts'),
      import('../../api/http.ts'),
      import('../../features/vehicle/vehicle-head.ts'),
      loadFeatures(),
    ]);
    try {
      const car = await context.queryClient.ensureQueryData(carQueryOptions(params.slug, context.services));
      return { car, nowSeconds: Math.floor(context.services.now() / 1000), head: vehicleHeadData(context.tenant, car) };
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ match, loaderData }) => {
    const tenant = match.context.tenant;
    if (!loaderData) return pageHead(tenant, { title: 'Page not found', noindex: true });
    const { car, head } = loaderData;
    // JSON-LD is written on the server only: in the browser build this branch (and its import) is dropped.
    const jsonLd = import.meta.env.SSR ? [vehicleJsonLd({ siteUrl: tenant.siteUrl, path: head.page.canonicalPath, ...head.offer, car, sellerName: car.location.name })] : [];
    return pageHead(tenant, { ...head.page, jsonLd });
  },
  component: VehicleRoute,
});

function VehicleRoute() {
  const data = Route.useLoaderData();
  return <VehiclePage car={data.car} nowSeconds={data.nowSeconds} slots={vehicleSlots} />;
}

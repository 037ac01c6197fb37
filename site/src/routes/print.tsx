import { createFileRoute, notFound } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { carKey, carParam } from '../lib/form-search.ts';
import { pageHead } from '../lib/head.ts';
import { requireAvailable } from '../lib/route-exists.ts';

const PrintSheet = __FEATURE_PRINT__ ? featureComponent(() => import('../features/print/index.tsx')) : null;
// A page only where the feature is on: the vehicle page's Print link shows only then (lib/route-exists.ts).
const available = () => __FEATURE_PRINT__;

// The printable car page (spec §2 /print?car_id={slug}, opened in a new tab from the vehicle
// page). Server-rendered like every page; kept out of search results (the car page is the one
// to index, and the canonical URL says so). No car, or an unknown one, is the not-found page.
export const Route = createFileRoute('/print')({
  staticData: { available, features: async () => PrintSheet?.load() },
  validateSearch: (search: Record<string, unknown>): { car_id?: string | number | undefined } => ({ car_id: carParam(search.car_id) }),
  beforeLoad: ({ context }) => requireAvailable(available, context.tenant),
  loaderDeps: ({ search }) => ({ car: carKey(search.car_id) }),
  // The loader's work (the API client and the sheet's words) loads with the page (-print-sheet.ts).
  loader: async ({ context, deps }) => {
    if (!deps.car) throw notFound();
    const [{ loadPrintPage }] = await Promise.all([import('./-print-sheet.ts'), PrintSheet?.load()]);
    return loadPrintPage(context, deps.car);
  },
  head: ({ match, loaderData }) => {
    const tenant = match.context.tenant;
    if (!loaderData) return pageHead(tenant, { title: 'Page not found', noindex: true });
    const { car, sheet } = loaderData;
    return pageHead(tenant, {
      title: `Print: ${sheet.title} – Stock ${car.stocknum}`,
      description: `Printable details of the ${sheet.title} (stock ${car.stocknum}) at ${car.location.name}.`,
      canonicalPath: `/cars/${car.slug}`,
      noindex: true,
    });
  },
  component: PrintRoute,
});

function PrintRoute() {
  const { car, sheet } = Route.useLoaderData();
  return PrintSheet ? <PrintSheet car={car} {...sheet} /> : null;
}

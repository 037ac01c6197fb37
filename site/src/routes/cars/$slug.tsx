import type { QueryClient } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import type { SiteServices } from '../../lib/services.ts';
import type { Car, SoldCarGone } from '../../../../schema/api/car.ts';
import type { PriceComparison } from '../../../../schema/api/vehicle.ts';
import { gone, goneData } from '../../lib/gone.ts';
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
// The page's switched-on parts (fuel and finance calculators, spin viewer, enquiry form…): all of
// them for a render (server, or a navigation in the browser); before hydrating a server-rendered
// page, all but the parts hydrated later (-vehicle-later.ts).
const loadFeatures = () => import('./-vehicle-slots.ts').then(({ loadVehicleSlots }) => loadVehicleSlots());
const loadFeaturesBeforeHydration = () => import('./-vehicle-slots.ts').then(({ loadVehicleSlots }) => loadVehicleSlots({ beforeHydration: true }));

export const Route = createFileRoute('/cars/$slug')({
  staticData: { features: loadFeaturesBeforeHydration },
  loader: async ({ context, params }): Promise<VehicleRouteData> => {
    // On the server the market data is asked for at once, beside the car (see loadPriceComparison).
    const priceComparison = import.meta.env.SSR && __FEATURE_PRICE_GAUGE__ ? serverPriceComparison(context, params.slug) : null;
    // The API client (and zod) and the head's rules load with the page, not with every page's
    // entry; the switched-on parts load alongside so the server renders them without a fallback.
    const [{ carQueryOptions }, { ApiRequestError }, { vehicleHeadData }, { SoldCarGoneSchema }, { isAvailable }] = await Promise.all([
      import('../../api/cars/car.ts'),
      import('../../api/http.ts'),
      import('../../features/vehicle/vehicle-head.ts'),
      import('../../../../schema/api/car.ts'),
      import('../../domain/availability.ts'),
      loadFeatures(),
    ]);
    try {
      let car = await context.queryClient.ensureQueryData(carQueryOptions(params.slug, context.services));
      if (__FEATURE_PRICE_GAUGE__ && isAvailable(car)) await loadPriceComparison(context, params.slug, priceComparison);
      // A car without a quote yet is quoted by the quote service (spec §7); the answer rides with the page.
      if (__FEATURE_FINANCE_ESTIMATE__) car = await withQuote(car, context.services);
      return { car, nowSeconds: Math.floor(context.services.now() / 1000), head: vehicleHeadData(context.tenant, car) };
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound();
      if (error instanceof ApiRequestError && error.status === 410) {
        const answer = SoldCarGoneSchema.safeParse(error.body);
        throw answer.success ? gone<SoldCar>(answer.data.sold_car) : notFound();
      }
      throw error;
    }
  },
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

/**
 * How long the server waits for the market-data provider, from the start of the page's loader,
 * before it sends the page with the gauge's skeleton. The embedded provider answers in 10–40 ms
 * on a quiet machine, but several hundred under load (CI: two browsers on two cores), which a
 * quarter of a second did not always cover.
 */
const PRICE_COMPARISON_SERVER_WAIT_MS = 500;

type ServerPriceComparison = Promise<PriceComparison | null | 'late'>;

/** The server's ask for the market data, started beside the car's: its answer, or 'late'. */
function serverPriceComparison(context: { services: SiteServices }, slug: string): ServerPriceComparison {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), PRICE_COMPARISON_SERVER_WAIT_MS)));
  const asked = import('../../api/cars/price-comparison.ts').then(({ fetchPriceComparison }) => fetchPriceComparison(slug, context.services));
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}

/**
 * The price gauge's data. On the server it is awaited (up to half a second from the loader's
 * start), so the page arrives with the gauge drawn, or without it when there is nothing to show,
 * instead of a skeleton that the gauge then pushes the page down from (or collapses under a
 * shopper who has started scrolling). A slower provider leaves the query out of the page
 * altogether (never half-way: the HTML and the dehydrated cache must agree) and the browser asks
 * for it. In the browser it is started with the page's other calls and not awaited: the skeleton
 * shows meanwhile.
 */
async function loadPriceComparison(context: { queryClient: QueryClient; services: SiteServices }, slug: string, onServer: ServerPriceComparison | null): Promise<void> {
  const { priceComparisonQueryOptions } = await import('../../api/cars/price-comparison.ts');
  const options = priceComparisonQueryOptions(slug, context.services);
  if (!onServer) {
    void context.queryClient.prefetchQuery(options);
    return;
  }
  const answer = await onServer;
  if (answer !== 'late') context.queryClient.setQueryData(options.queryKey, answer);
}

/**
 * The car with its finance estimate: its own quote, else the quote service's answer (spec §7:
 * asked only for a quote-eligible car without one, priced above 0; a failure leaves it without).
 */
async function withQuote(car: Car, services: SiteServices): Promise<Car> {
  const { isQuoteEligible, needsQuoteRequest } = await import('../../domain/finance.ts');
  if (!isQuoteEligible(car) || !needsQuoteRequest(car)) return car;
  const { fetchYouxQuote } = await import('../../api/finance/youx-quote.ts');
  const quote = await fetchYouxQuote(car, services);
  return quote ? { ...car, youxQuote: quote } : car;
}

function VehicleRoute() {
  const data = Route.useLoaderData();
  return <VehiclePage car={data.car} nowSeconds={data.nowSeconds} slots={vehicleSlots} />;
}

/** An unknown car is the site's not-found page; a car sold beyond the sold window its gone page. */
function VehicleNotFound({ data }: { data?: unknown }) {
  const sold = goneData<SoldCar>(data)?.record;
  return sold ? <SoldCarPage car={sold} /> : <NotFoundPage />;
}

import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { carQueryOptions } from '../../api/cars/car.ts';
import { ApiRequestError } from '../../api/http.ts';
import { isAvailable } from '../../domain/availability.ts';
import { vehicleHeadData, type VehicleRouteData } from '../../features/vehicle/vehicle-head.ts';
import { gone } from '../../lib/gone.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import type { SiteServices } from '../../lib/services.ts';
import { SoldCarGoneSchema, type Car, type SoldCarGone } from '../../../../schema/api/car.ts';
import type { PriceComparison } from '../../../../schema/api/vehicle.ts';

/*
 * The car page's loader (routes/cars/$slug.tsx), in a file of its own: the route file is in every
 * page's first download, this only in a car page's render (the server's, or a navigation to it in
 * the browser; a server-rendered page hydrates with the data the server sent). Loading it brings
 * what it imports with it, in parallel: the API client (and zod) and the head's rules.
 */

type SoldCar = SoldCarGone['sold_car'];

/** The page's switched-on parts, all of them for a render, so it renders without a fallback. */
const loadFeatures = () => import('./-vehicle-slots.ts').then(({ loadVehicleSlots }) => loadVehicleSlots());

/**
 * The car page's data: the car (404 for an unknown or hidden car, the gone page for a car sold
 * beyond the sold window), its market data and finance estimate where switched on, and its head.
 * @param context the router's context
 * @param slug the car's slug from the address
 */
export async function loadVehiclePage(context: RouterContext, slug: string): Promise<VehicleRouteData> {
  // On the server the market data is asked for at once, beside the car (see loadPriceComparison).
  const priceComparison = import.meta.env.SSR && __FEATURE_PRICE_GAUGE__ ? serverPriceComparison(context, slug) : null;
  // The parts load beside the car; a failure is the loader's once awaited, not an unhandled one before.
  const features = loadFeatures();
  features.catch(() => {});
  try {
    let car = await context.queryClient.ensureQueryData(carQueryOptions(slug, context.services));
    if (__FEATURE_PRICE_GAUGE__ && isAvailable(car)) await loadPriceComparison(context, slug, priceComparison);
    // A car without a quote yet is quoted by the quote service (spec §7); the answer rides with the page.
    if (__FEATURE_FINANCE_ESTIMATE__) car = await withQuote(car, context.services);
    await features;
    return { car, nowSeconds: Math.floor(context.services.now() / 1000), head: vehicleHeadData(context.tenant, car) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw notFound();
    if (error instanceof ApiRequestError && error.status === 410) {
      const answer = SoldCarGoneSchema.safeParse(error.body);
      throw answer.success ? gone<SoldCar>(answer.data.sold_car) : notFound();
    }
    throw error;
  }
}

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

import { isAvailable, isPurchasable, type AvailabilityInput } from './availability.ts';
import { canReserve } from './reservation.ts';

/*
 * What the vehicle page offers around the price: the market-price hint (spec §4), the reserve
 * deposit and hold (spec §1, §9) and which action buttons show (spec §2, §5).
 */

/** The hint shows when the price is at least this far under the average (spec §4). */
export const MARKET_HINT_MIN_SAVING = 500;

/**
 * The market-price hint: the saving and the average it is measured against (the state average
 * preferred, spec §4), when the price is at least $500 under it; else null.
 */
export function marketPriceHint(price: number, data: { average_market_price: number | null; state_average_market_price: number | null } | null | undefined): { saving: number; average: number; state: boolean } | null {
  if (!data || !(price > 10)) return null;
  const state = data.state_average_market_price;
  const average = state ?? data.average_market_price;
  if (average === null || average === undefined) return null;
  const saving = average - price;
  return saving >= MARKET_HINT_MIN_SAVING ? { saving, average, state: state !== null && state !== undefined } : null;
}

/** The reserve deposit of a car: its own value when set, else the tenant's fallback ($200). */
export function reserveDeposit(carDeposit: number | null | undefined, fallback: number): number {
  return typeof carDeposit === 'number' && carDeposit > 0 ? carDeposit : fallback;
}

/** A call to action of the sticky header or the mobile bar. */
export interface CtaLink {
  label: string;
  href: string;
  /** Routed in-app rather than a document link (anchor, tel:). */
  internal: boolean;
  /** A call button: the number and the car it is about (the contact is recorded). */
  phone?: { number: string; carId: number; dealershipId: number } | undefined;
}

/** The action buttons of the vehicle sidebar (spec §2). */
export type VehicleActionId = 'enquire' | 'history-report' | 'finance' | 'trade-in' | 'reserve' | 'online-purchase' | 'find-similar';

/** One action: its id, label, target and whether it opens another document. */
export interface VehicleAction {
  id: VehicleActionId;
  label: string;
  /** Shown only where it leads to a page of the tenant (the page checks, lib/route-exists.ts). */
  href: string;
  external?: boolean;
}

/** The car fields the actions read. */
export interface ActionCarInput extends AvailabilityInput {
  id: number;
  slug: string;
  price: number;
  year: number;
  km: number;
  car_type: string;
  dealership_slug: string;
  vin?: string | null;
  file?: string | null;
}

/** Tenant switches and labels the actions read. */
export interface ActionOptions {
  historyReport: boolean;
  financeEnquiry: boolean;
  tradeIn: boolean;
  reserveButton: boolean;
  onlinePurchase: boolean;
  financePath: string;
  checkoutPathVariant: 'checkout' | 'buy-online';
  financeButton: string;
  tradeInButton: string;
  reserveCarNow: string;
  onlinePurchaseLabel: string;
  /** Online trade-in valuation limits (spec §5: 7 years, 100,000 km). */
  tradeInMaxAgeYears: number;
  tradeInMaxKm: number;
  currentYear: number;
}

/**
 * Whether a car can be valued online for trade-in (spec §5: generally not over 7 years old or
 * 100,000 km).
 */
export function isValuationEligible(car: { year: number; km: number }, maxAgeYears: number, maxKm: number, currentYear: number): boolean {
  return currentYear - car.year <= maxAgeYears && car.km <= maxKm;
}

/**
 * A finance page's link for a car (spec §2): it carries preferredDealership, vehiclePriceBudget,
 * car_id, car_type and vin (when known), and the anchor #finance-form.
 * @param path the finance page (the tenant's finance path, /apply-for-finance…)
 */
export function financeLink(path: string, car: Pick<ActionCarInput, 'id' | 'price' | 'car_type' | 'dealership_slug' | 'vin'>): string {
  const params: [string, string][] = [
    ['preferredDealership', car.dealership_slug],
    ['vehiclePriceBudget', String(car.price)],
    ['car_id', String(car.id)],
    ['car_type', car.car_type],
  ];
  if (car.vin) params.push(['vin', car.vin]);
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${path}?${query}#finance-form`;
}

/**
 * The sidebar's buttons in order (spec §2, §4, §5): Enquire; Car History Report only with a
 * file; Get Finance Quote / Finance Enquiry; Trade-In only for valuation-eligible cars; Reserve
 * Car Now and Online Purchase only for purchasable cars. An unavailable car gets Find Me
 * Something Similar and no finance or reserve.
 */
export function vehicleActions(car: ActionCarInput, options: ActionOptions): VehicleAction[] {
  const page = `/cars/${car.slug}`;
  if (!isAvailable(car)) return [{ id: 'find-similar', label: 'Find Me Something Similar', href: `${page}?enquiry=similar#enquiry-form` }];
  const actions: VehicleAction[] = [{ id: 'enquire', label: 'Enquire', href: '#enquiry-form' }];
  if (options.historyReport && car.file) actions.push({ id: 'history-report', label: 'Car History Report', href: car.file, external: true });
  if (options.financeEnquiry) actions.push({ id: 'finance', label: options.financeButton, href: financeLink(options.financePath, car) });
  if (options.tradeIn && isValuationEligible(car, options.tradeInMaxAgeYears, options.tradeInMaxKm, options.currentYear)) {
    actions.push({ id: 'trade-in', label: options.tradeInButton, href: `/cars/trade-in?car_id=${car.id}` });
  }
  if (canReserve(car, { features: { reserveButton: options.reserveButton } })) {
    actions.push({ id: 'reserve', label: options.reserveCarNow, href: `${page}/${options.checkoutPathVariant}` });
  }
  if (options.onlinePurchase && isPurchasable(car)) actions.push({ id: 'online-purchase', label: options.onlinePurchaseLabel, href: `/checkout-journey?car_id=${car.id}` });
  return actions;
}

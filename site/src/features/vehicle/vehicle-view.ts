import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { LeadsToPage } from '../../lib/route-exists.ts';
import { isAvailable } from '../../domain/availability.ts';
import { canReserve } from '../../domain/reservation.ts';
import { financeFiguresShown, isQuoteEligible } from '../../domain/finance.ts';
import { carFinanceDisclaimer } from '../../domain/finance-disclaimer.ts';
import type { PriceDisplay } from '../../domain/price-display.ts';
import { vehicleActions, type VehicleAction } from '../../domain/vehicle-offer.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import type { VehicleSlots } from './slots.ts';
import { vehiclePrice } from './vehicle-price.ts';

type Location = ResolvedTenant['dealer']['locations'][number];

/** What both halves of the vehicle page (its top, vehicle-page.tsx, and its sections, vehicle-sections.tsx) show of one car. */
export interface VehicleView {
  title: string;
  available: boolean;
  /** Whether the car can be reserved on this site (domain canReserve). */
  reservable: boolean;
  price: PriceDisplay;
  /** The buttons of spec §2 whose rule holds and whose page (or in-page form) exists. */
  actions: VehicleAction[];
  reserveAction: VehicleAction | null;
  enquireAction: VehicleAction | null;
  /** The tenant's location the car stands at, when the tenant lists it. */
  location: Location | null;
  lenderFigures: Car['finance_lenders'][string] | undefined;
  /** The finance estimate strip and banner show (quote-eligible car, feature on). */
  showsEstimate: boolean;
  /** The amount the finance calculator starts from, when it shows (a provider, an available car with a price); else null. */
  calculatorAmount: number | null;
  /** The finance disclaimer, when a finance figure is shown. */
  disclaimerText: string | null;
}

/**
 * One reading of the car for the page: both halves call it with the same inputs, so the sidebar's
 * buttons and the Reserve Online section, or the strip's disclaimer link and the disclaimer, agree.
 */
export function vehicleView(car: Car, tenant: ResolvedTenant, slots: VehicleSlots, leadsToPage: LeadsToPage, nowSeconds: number): VehicleView {
  const price = vehiclePrice(car, tenant);
  const available = isAvailable(car);
  const hasEnquiryForm = slots.EnquiryForm !== null;
  // A button shows when its rule holds (domain vehicleActions) and its page exists in this
  // tenant's route tree (or it is an in-page form that is present, or a file such as the history
  // report, opened in a new tab).
  const actions = vehicleActions(car, {
    historyReport: __FEATURE_HISTORY_REPORT__,
    financeEnquiry: __FEATURE_FINANCE_ENQUIRY__,
    tradeIn: __FEATURE_TRADE_IN__,
    reserveButton: __FEATURE_RESERVE_BUTTON__,
    onlinePurchase: __FEATURE_ONLINE_PURCHASE__,
    financePath: tenant.routes.financePath,
    checkoutPathVariant: tenant.routes.checkoutPathVariant,
    financeButton: tenant.labels.financeButton,
    tradeInButton: tenant.labels.tradeInButton,
    reserveCarNow: tenant.labels.reserveCarNow,
    onlinePurchaseLabel: tenant.labels.onlinePurchase,
    tradeInMaxAgeYears: tenant.limits.tradeInMaxAgeYears,
    tradeInMaxKm: tenant.limits.tradeInMaxKm,
    currentYear: new Date(nowSeconds * 1000).getUTCFullYear(),
  }).filter((action) => action.external === true || (action.href.endsWith('#enquiry-form') ? hasEnquiryForm : leadsToPage(action.href)));
  const lenderFigures = tenant.finance.provider ? car.finance_lenders[tenant.finance.provider] : undefined;
  const currentYear = new Date(nowSeconds * 1000).getUTCFullYear();
  // The estimate strip and banner show a comparison rate; the calculator its own figures. The
  // estimate shows only where the site's lender would lend on the car (spec §5 lender groups).
  const showsEstimate =
    __FEATURE_FINANCE_ESTIMATE__ && isQuoteEligible(car) && car.youxQuote !== null && car.youxQuote !== undefined && financeFiguresShown(car, car.finance_lenders, tenant.finance, currentYear).estimate;
  const calculatorAmount = slots.FinanceCalculator !== null && available && Boolean(tenant.finance.provider) && (price.kind === 'price' || price.kind === 'offer') ? price.amount : null;
  return {
    title: vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__),
    available,
    reservable: canReserve(car, { features: { reserveButton: __FEATURE_RESERVE_BUTTON__ } }),
    price,
    actions,
    reserveAction: actions.find((action) => action.id === 'reserve') ?? null,
    enquireAction: actions.find((action) => action.id === 'enquire' || action.id === 'find-similar') ?? null,
    location: tenant.dealer.locations.find((location) => location.slug === car.location.slug) ?? null,
    lenderFigures,
    showsEstimate,
    calculatorAmount,
    disclaimerText: showsEstimate || calculatorAmount !== null ? carFinanceDisclaimer(car.finance_lenders, tenant.finance.provider, tenant.finance.disclaimer).disclaimer : null,
  };
}

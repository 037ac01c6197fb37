/*
 * What a car's card says (spec §2 search card: image, location, title, attribute chips, price,
 * finance rate, tag banner, view count; buttons Book a Test Drive, Enquire, Get Finance, View
 * Details, Reserve Now, Buy Online, and Find Me Something Similar for unavailable cars). The
 * search results, similar cars, compare and favourites read their cards' words here, so a card
 * follows the same title, price, finance, reserve and tag rules wherever it is drawn; the
 * components only lay the model out.
 */

import { isAvailable, isPurchasable } from './availability.ts';
import { carTag, type CarTag, type TagLabels } from './car-tags.ts';
import { priceDisplay, type PriceDisplay, type PriceInput, type PriceMode } from './price-display.ts';
import { ENQUIRE_FOR_FINANCE_AT, financeFiguresShown, type FinanceFigureSettings, type LenderFiguresInput } from './finance.ts';
import { canReserve } from './reservation.ts';
import { conditionLabel, kilometresText } from './vehicle-facts.ts';
import { financeLink } from './vehicle-offer.ts';
import { vehicleTitle } from './vehicle-title.ts';
import { formatMoney } from '../../../schema/number-format.ts';

/** The car fields a card reads (a search record; similar cars and saved cars have fewer). */
export interface CardCarInput extends PriceInput {
  id: number;
  slug: string;
  name?: string;
  year: number;
  make: string;
  model: string;
  badge?: string | null;
  series?: string | null;
  status: string;
  sold?: boolean;
  reserved?: boolean;
  km: number;
  item_type?: string;
  car_type?: string;
  simple_body?: string | null;
  simple_fuel?: string | null;
  simple_transmission?: string | null;
  certified?: boolean;
  tag?: string | null;
  /** Unix seconds; without it the card shows no just-arrived tag. */
  created_at?: number;
  views?: number;
  location_name: string;
  dealership_slug?: string;
  /** The vehicle identification number, carried by the finance link where the car has one. */
  vin?: string | null;
  /** The slug of the car's location (a search record's), for the locations without a finance summary. */
  location_slug?: string;
  /** A full car's location. */
  location?: { slug: string } | null;
  /** Lender figures by lender key: a search record's rates, or a full car's lender data. */
  lender_rates?: Readonly<Record<string, LenderFiguresInput>>;
  finance_lenders?: Readonly<Record<string, LenderFiguresInput>>;
}

/** The switches a card depends on (the site passes its compiled-in feature flags). */
export interface CardFeatures {
  seriesInTitle: boolean;
  testDrive: boolean;
  financeEnquiry: boolean;
  financeSummary: boolean;
  reserveButton: boolean;
  buyOnline: boolean;
  onlinePurchase: boolean;
  subscriptionLayout: boolean;
  viewCounts: boolean;
}

/** The tenant settings a card reads (the resolved tenant has them all). */
export interface CardSite {
  labels: TagLabels & {
    newTag: string;
    used: string;
    noPrice: string;
    preorder: string;
    enquireForFinance: string;
    getFinance: string;
    reserveNow: string;
    buyOnline: string;
  };
  routes: { financePath: string; checkoutPathVariant: string };
  search: { itemType: string; justArrivedDays: number };
  dealer: { overrideCity?: string | undefined };
  finance: FinanceFigureSettings;
}

/** The lead forms a search card can open in place of their pages (spec §2 test-drive modal, enquiry modal). */
export type CardLeadForm = 'enquiry' | 'test_drive';

/** A link button of a card. */
export interface CardAction {
  label: string;
  href: string;
  primary?: boolean;
  /** The lead form page `href` is: a search card opens it as a dialog where scripts run. */
  form?: CardLeadForm;
}

/** Everything a card says about a car. */
export interface CarCardModel {
  title: string;
  href: string;
  available: boolean;
  /** The dealer's override city, else the car's location. */
  location: string;
  /** '12,345 km', or null for caravans. */
  kilometres: string | null;
  /** Condition, kilometres, transmission, fuel and body, those the car has. */
  chips: string[];
  price: PriceDisplay;
  /**
   * The finance rate line, only for an available car with a weekly repayment above $25 (spec §8)
   * whose finance summary the site's lender rule allows (spec §5).
   */
  financeLine: string | null;
  tag: CarTag | null;
  viewCount: number | null;
  actions: CardAction[];
}

/**
 * The card of a car: its words, price, tag and buttons by the platform's rules.
 * @param car the car's record
 * @param site the resolved tenant (labels, routes, search, dealer)
 * @param now the page's time in Unix seconds (the server's on a server-rendered page)
 * @param options features: the site's switches; priceMode: Cash or Finance (default Cash)
 * @example carCard(car, tenant, 1_780_000_000, { features }).title // '2021 Kia Seltos Sport'
 */
export function carCard(car: CardCarInput, site: CardSite, now: number, options: { features: CardFeatures; priceMode?: PriceMode }): CarCardModel {
  const { features } = options;
  const labels = site.labels;
  const available = isAvailable(car);
  const href = `/cars/${car.slug}`;
  const kilometres = (car.item_type ?? site.search.itemType) === 'caravan' ? null : kilometresText({ km: car.km, item_type: 'car' });
  // Every finance figure on the card (the finance line, the Finance price mode) follows the
  // site's lender rule; a figure the rule refuses is not shown at all.
  const shown = financeFiguresShown(
    { ...car, location: car.location ?? (car.location_slug === undefined ? null : { slug: car.location_slug }) },
    car.lender_rates ?? car.finance_lenders ?? {},
    site.finance,
    new Date(now * 1000).getUTCFullYear(),
  );
  const quote = shown.summary ? car.youxQuote : null;
  const actions: CardAction[] = [];
  if (available) {
    actions.push({ label: 'View Details', href, primary: true });
    // The car's own enquiry and test-drive pages: a real link without scripts, the address a
    // search card's dialog shows (so a reload or a shared link opens that page).
    actions.push({ label: 'Enquire', href: `/enquire?car_id=${car.id}`, form: 'enquiry' });
    if (features.testDrive) actions.push({ label: 'Book a Test Drive', href: `/book-test-drive/?car_id=${car.id}`, form: 'test_drive' });
    if (features.financeEnquiry && car.car_type !== undefined && car.dealership_slug !== undefined) {
      // The finance link carries the car's vin where it has one, from a search card as from its page (spec §2).
      actions.push({ label: 'Get Finance', href: financeLink(site.routes.financePath, { id: car.id, price: car.price, car_type: car.car_type, dealership_slug: car.dealership_slug, vin: car.vin ?? null }) });
    }
    if (canReserve(car, { features })) actions.push({ label: labels.reserveNow, href: `${href}/${site.routes.checkoutPathVariant}` });
    // The journey page exists only where online purchase is on: no link to a 404.
    if (features.buyOnline && features.onlinePurchase && isPurchasable(car)) actions.push({ label: labels.buyOnline, href: `/checkout-journey?car_id=${car.id}` });
  } else {
    actions.push({ label: 'Find Me Something Similar', href: `${href}?enquiry=similar#enquiry-form`, primary: true });
    actions.push({ label: 'View Details', href });
  }
  return {
    title: vehicleTitle(car, features.seriesInTitle),
    href,
    available,
    location: site.dealer.overrideCity ?? car.location_name,
    kilometres,
    chips: [car.car_type ? conditionLabel(labels, car.car_type) : null, kilometres, car.simple_transmission, car.simple_fuel, car.simple_body].filter((chip): chip is string => Boolean(chip)),
    price: priceDisplay(shown.estimate ? car : { ...car, youxQuote: null }, {
      mode: options.priceMode ?? 'cash',
      subscriptionLayout: features.subscriptionLayout,
      noPrice: labels.noPrice,
      preorder: labels.preorder,
      enquireForFinance: labels.enquireForFinance,
    }),
    financeLine:
      available && features.financeSummary && quote && quote.weeklyRepaymentAmount > ENQUIRE_FOR_FINANCE_AT
        ? `${labels.getFinance}: ${formatMoney(quote.weeklyRepaymentAmount)}/week at ${quote.advertisedRate.toFixed(2)}% p.a. (comparison ${quote.comparisonRate.toFixed(2)}% p.a.)`
        : null,
    // A record without its listing date is never "just arrived"; every other tag still applies.
    tag: carTag({ ...car, created_at: car.created_at ?? Number.NEGATIVE_INFINITY }, labels, now, site.search.justArrivedDays),
    viewCount: features.viewCounts ? (car.views ?? null) : null,
    actions,
  };
}

import type { SearchRouteState, SortKey } from './search-url.ts';
import { searchUrl } from './search-url.ts';
import { formatNumber } from '../../../schema/number-format.ts';
import { compareText } from './text-order.ts';

/*
 * What a page tells search engines and link previews about itself: title, description,
 * canonical URL and JSON-LD (schema.org). Routes declare their head once (TanStack Router's
 * `head`), so the server render and client navigations produce the same tags from these rules.
 */

/** `<title>`: '<page> | <site name>', or the site name alone (home page). */
export function documentTitle(page: string | null, siteName: string): string {
  return page ? `${page} | ${siteName}` : siteName;
}

/**
 * Absolute URL of a path on the tenant's production site (`siteUrl`), for canonical and
 * Open Graph URLs: a page found through a preview host or with tracking parameters still
 * names one address.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  const origin = /^https?:\/\/[^/?#]+/i.exec(siteUrl.trim())?.[0] ?? '';
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The canonical path of a search page: refinements in one order (values sorted, the URL
 * writer fixes the order of parameters), and parameters the page does not own (utm_*, gclid,
 * fbclid…) dropped — they never change what the page shows.
 */
export function canonicalSearchPath(state: SearchRouteState, defaultSort: SortKey): string {
  const lists: Record<string, string[]> = {};
  for (const [attribute, values] of Object.entries(state.lists)) {
    if (values.length > 0) lists[attribute] = [...new Set(values)].sort((a, b) => compareText(a, b));
  }
  return searchUrl({ ...state, lists, extra: [] }, defaultSort);
}

/** Labels a search headline needs from the tenant. */
export interface SearchHeadlineLabels {
  /** Label of new stock (tenant labels.newTag, e.g. 'New'). */
  newLabel: string;
  /** Label of used stock (tenant labels.used, e.g. 'Used'). */
  usedLabel: string;
  /** Plural noun of the stock: 'cars', 'caravans', 'motorcycles', 'trucks'. */
  plural: string;
  /** The tenant shows used stock only. */
  usedOnly: boolean;
}

function typeWord(types: readonly string[], labels: SearchHeadlineLabels): string | null {
  if (types.length === 1) {
    const [type] = types;
    if (type === 'new') return labels.newLabel;
    if (type === 'used') return labels.usedLabel;
    if (type === 'demo') return 'Demo';
    return null;
  }
  if (types.length === 2 && types.includes('new') && types.includes('demo')) return 'New and demo';
  return null;
}

/**
 * What a search page is about, in words: car type, then a single model (which names its
 * make) or a single make, then a single body type — "Used Toyota Corolla", "Demo Kia SUV".
 * With none of these, the whole stock: "New, used and demo cars" (or "Used cars" on a used-only
 * site, "All caravans" for other stock).
 */
export function searchHeadline(state: Pick<SearchRouteState, 'lists'>, labels: SearchHeadlineLabels): string {
  const single = (attribute: string) => {
    const values = state.lists[attribute] ?? [];
    return values.length === 1 ? (values[0] as string) : null;
  };
  const words = [typeWord(state.lists.car_type ?? [], labels), single('make_model') ?? single('make'), single('simple_body')].filter(
    (word): word is string => Boolean(word),
  );
  if (words.length > 0) return words.join(' ');
  if (labels.usedOnly) return `${labels.usedLabel} ${labels.plural}`;
  return labels.plural === 'cars' ? 'New, used and demo cars' : `All ${labels.plural}`;
}

/** The title of a search page: '<headline> for sale', with the page number past page 1. */
export function searchPageTitle(state: Pick<SearchRouteState, 'lists' | 'page'>, labels: SearchHeadlineLabels, dealershipName?: string): string {
  const headline = dealershipName ? `${dealershipName} stock` : searchHeadline(state, labels);
  return state.page > 1 ? `${headline} for sale – page ${state.page}` : `${headline} for sale`;
}

/** The meta description of a search page, with the number of matching items when known. */
export function searchPageDescription(headline: string, count: number | null, siteName: string, noun: { one: string; many: string }): string {
  // Mid-sentence: "Browse 24 used Kia Sportage cars" (makes and models keep their capitals).
  const sentence = /^(New|Used|Demo|All)\b/.test(headline) ? `${headline.charAt(0).toLowerCase()}${headline.slice(1)}` : headline;
  const what = sentence.toLowerCase().endsWith(noun.many) ? sentence : `${sentence} ${noun.many}`;
  const lead = count === null ? `Browse ${what}` : count === 1 ? `Browse 1 ${noun.one}: ${what}` : `Browse ${formatNumber(count)} ${what}`;
  return `${lead} for sale at ${siteName}. Compare prices, finance and features, then enquire or book a test drive online.`;
}

/** A location as the organisation's JSON-LD needs it (tenant dealer.locations). */
export interface JsonLdLocation {
  name: string;
  slug: string;
  phone: string;
  address: { street: string; suburb: string; state: string; postcode: string; lat: number; long: number };
  openingHours?: readonly { weekday: number; status: 'Open' | 'Closed'; open?: string; close?: string }[];
}

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * schema.org opening hours of one location: one specification per distinct open–close pair,
 * listing every weekday with those hours (Monday first). Closed days and days without times
 * are left out, which schema.org reads as closed.
 */
export function openingHoursSpecification(hours: JsonLdLocation['openingHours']) {
  const groups = new Map<string, { opens: string; closes: string; days: number[] }>();
  const mondayFirst = [...(hours ?? [])].sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7));
  for (const day of mondayFirst) {
    if (day.status !== 'Open' || !day.open || !day.close) continue;
    const key = `${day.open}-${day.close}`;
    const group = groups.get(key) ?? { opens: day.open, closes: day.close, days: [] };
    group.days.push(day.weekday);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: group.days.map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
    opens: group.opens,
    closes: group.closes,
  }));
}

/**
 * The organisation as schema.org sees it: the dealer group (Organization) and one AutoDealer
 * per visible location with its address, coordinates, phone and opening hours.
 */
export function organisationJsonLd(input: { name: string; siteUrl: string; logoUrl?: string; locations: readonly JsonLdLocation[] }) {
  const orgId = `${absoluteUrl(input.siteUrl, '/')}#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': orgId,
        name: input.name,
        url: absoluteUrl(input.siteUrl, '/'),
        ...(input.logoUrl ? { logo: input.logoUrl } : {}),
      },
      ...input.locations.map((location) => ({
        '@type': 'AutoDealer',
        '@id': `${absoluteUrl(input.siteUrl, '/')}#location-${location.slug}`,
        name: location.name,
        parentOrganization: { '@id': orgId },
        url: absoluteUrl(input.siteUrl, '/'),
        telephone: location.phone,
        address: {
          '@type': 'PostalAddress',
          streetAddress: location.address.street,
          addressLocality: location.address.suburb,
          addressRegion: location.address.state,
          postalCode: location.address.postcode,
          addressCountry: 'AU',
        },
        geo: { '@type': 'GeoCoordinates', latitude: location.address.lat, longitude: location.address.long },
        openingHoursSpecification: openingHoursSpecification(location.openingHours),
      })),
    ],
  };
}

/** A car as a search page's ItemList names it. */
export interface JsonLdListItem {
  name: string;
  path: string;
  image?: string | null;
}

/** schema.org ItemList of the cars a search page shows, in page order (positions continue across pages). */
export function itemListJsonLd(siteUrl: string, items: readonly JsonLdListItem[], firstPosition = 1) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      name: item.name,
      url: absoluteUrl(siteUrl, item.path),
      ...(item.image ? { image: absoluteUrl(siteUrl, item.image) } : {}),
    })),
  };
}

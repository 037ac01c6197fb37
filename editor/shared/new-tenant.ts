/**
 * The new-tenant flow's rules, shared by the dialog (live checks while typing) and the workspace
 * (which writes the file): what a valid tenant needs beyond its template — a site URL, the first
 * dealership and its first location with coordinates from the postcode.
 */

import { DEMO_FEATURES } from '../../schema/demo-content.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug suggested from a dealer name: `Coastal Motors (Noosa)` → `coastal-motors-noosa`. */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** Why `slug` cannot name a new tenant (undefined when it can). */
export function slugProblem(slug: string, taken: readonly string[]): string | undefined {
  if (!slug) return 'Enter a slug.';
  if (!SLUG.test(slug)) return 'Use lower-case letters, digits and single hyphens (e.g. smith-motors).';
  if (slug.length > 63) return 'At most 63 characters.';
  if (taken.includes(slug)) return `A tenant named "${slug}" already exists.`;
  return undefined;
}

/** Why `url` is not a site URL the validator accepts (an https origin, no path). */
export function siteUrlProblem(url: string): string | undefined {
  if (!url) return 'Enter the site address, e.g. https://www.coastalmotors.com.au.';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Enter a full address starting with https://.';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'Enter a full address starting with https://.';
  if (u.origin !== url) return `Use the address without a path or trailing slash: ${u.origin}`;
  return undefined;
}

/** Where a postcode is (the offline Australian postcode table). */
export interface PostcodePlace {
  postcode: string;
  state: string;
  lat: number;
  lng: number;
  locality: string;
  /** Every suburb of the postcode: the dialog offers them and accepts only these. */
  localities: string[];
}

/**
 * Why `suburb` is not a suburb of the postcode's place (undefined when it is, ignoring case).
 * @param suburb what staff typed
 * @param place the postcode's place
 */
export function suburbProblem(suburb: string, place: PostcodePlace): string | undefined {
  const wanted = suburb.trim().toLowerCase();
  if (!wanted || place.localities.length === 0) return undefined;
  if (place.localities.some((l) => l.toLowerCase() === wanted)) return undefined;
  return `${suburb.trim()} is not a suburb of ${place.postcode}: choose ${place.localities.length === 1 ? place.localities[0] : `one of ${place.localities.join(', ')}`}.`;
}

/** One location as the new-tenant dialog asks for it. */
export interface NewLocationSetup {
  name: string;
  street: string;
  suburb: string;
  postcode: string;
  phone: string;
}

/** What staff enter in the new-tenant dialog beyond name, slug and template. */
export interface NewTenantSetup {
  siteUrl: string;
  dealership: { name: string; makes: string[]; licenceNumber: string };
  location: NewLocationSetup;
  /** A second location (a service centre, say), when the dealer has one. */
  secondLocation?: NewLocationSetup & { type: 'sales' | 'service' };
  /** Which location shoppers see first; the first unless the second is chosen. */
  primary?: 'first' | 'second';
}

/**
 * Features a new dealer starts without: those showing sample data until the dealer's own source is
 * connected (schema/demo-content.ts), and the certified pre-owned modal (the demo stock's certified
 * cars are not the dealer's programme).
 */
export const DEMO_CONTENT_FEATURES = [...DEMO_FEATURES, 'certifiedPreOwnedModal'] as const;

function firstOf(list: unknown): Record<string, unknown> {
  return Array.isArray(list) && list[0] && typeof list[0] === 'object' ? (list[0] as Record<string, unknown>) : {};
}

/**
 * Fills the template's first dealership and location from the setup answers: slugs derived from
 * the tenant slug and suburb, state and coordinates from the postcode.
 */
export function applyNewTenantSetup(base: Record<string, unknown>, slug: string, setup: NewTenantSetup, place: PostcodePlace, secondPlace?: PostcodePlace): Record<string, unknown> {
  const dealer = (base.dealer && typeof base.dealer === 'object' ? base.dealer : {}) as Record<string, unknown>;
  const dealershipSlug = slug;
  const dealership = {
    ...firstOf(dealer.dealerships),
    slug: dealershipSlug,
    name: setup.dealership.name,
    makes: setup.dealership.makes,
    dealerLicenceNumber: setup.dealership.licenceNumber,
  };
  const templateLocation = firstOf(dealer.locations);
  const locationOf = (answers: NewLocationSetup, where: PostcodePlace, taken: string[]) => {
    let locationSlug = suggestSlug(`${slug} ${answers.suburb}`) || `${slug}-location`;
    for (let n = 2; taken.includes(locationSlug); n++) locationSlug = `${suggestSlug(`${slug} ${answers.suburb}`) || `${slug}-location`}-${n}`;
    return {
      ...templateLocation,
      slug: locationSlug,
      name: answers.name,
      dealershipSlug,
      address: {
        ...(templateLocation.address && typeof templateLocation.address === 'object' ? templateLocation.address : {}),
        street: answers.street,
        suburb: answers.suburb,
        state: where.state,
        postcode: where.postcode,
        lat: where.lat,
        long: where.lng,
      },
      phone: answers.phone,
    };
  };
  const first = locationOf(setup.location, place, []);
  const second = setup.secondLocation && secondPlace ? { ...locationOf(setup.secondLocation, secondPlace, [first.slug]), type: setup.secondLocation.type } : undefined;
  const secondIsPrimary = second !== undefined && setup.primary === 'second';
  const locations = [{ ...first, primary: !secondIsPrimary }, ...(second ? [{ ...second, primary: secondIsPrimary }] : [])];
  const features = (base.features && typeof base.features === 'object' ? base.features : {}) as Record<string, unknown>;
  return {
    ...base,
    siteUrl: setup.siteUrl,
    dealer: { ...dealer, dealerships: [dealership], locations },
    // A new dealer has no reviews account, news posts or market-data provider yet: what the site
    // would show there is sample data, which must never look real. Staff switch them on once
    // connected (the launch checklist says which are on without a source).
    features: { ...features, ...Object.fromEntries(DEMO_CONTENT_FEATURES.map((f) => [f, false])) },
  };
}

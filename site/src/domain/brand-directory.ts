/*
 * The brand directory of spec §2 (/brands, /{brand-slug}/overview): car, motorcycle, truck and
 * own-brand logos with descriptions; a brand without a logo shows the image-not-found
 * placeholder (spec §8 "missing brand logo: image-not-found placeholder").
 */
import { compareText } from './text-order.ts';

/** Brand kinds in the directory's order (spec §1: car, motorcycle, truck and own-brand logos). */
export const BRAND_KIND_ORDER = ['car', 'motorcycle', 'truck', 'own'] as const;

/** A brand directory kind. */
export type BrandKind = (typeof BRAND_KIND_ORDER)[number];

/** Heading of each kind's section in the directory. */
export const BRAND_KIND_HEADINGS: Record<BrandKind, string> = {
  car: 'Car brands',
  motorcycle: 'Motorcycle brands',
  truck: 'Truck brands',
  own: 'Our own brands',
};

/** What the directory needs of an entry (spec §3 Brand directory entry). */
export interface BrandEntryLike {
  title: string;
  slug: string;
  kind: BrandKind;
  logo: string | null;
  skipPage: boolean;
}

/** A kind's section of the directory. */
export interface BrandSection<T extends BrandEntryLike> {
  kind: BrandKind;
  heading: string;
  brands: T[];
}

/**
 * The directory's sections: car, motorcycle, truck, then own brands, each alphabetical by title
 * (en-AU collation); kinds without brands are left out.
 */
export function brandSections<T extends BrandEntryLike>(entries: readonly T[]): BrandSection<T>[] {
  return BRAND_KIND_ORDER.map((kind) => ({
    kind,
    heading: BRAND_KIND_HEADINGS[kind],
    brands: entries.filter((entry) => entry.kind === kind).sort((a, b) => compareText(a.title, b.title)),
  })).filter((section) => section.brands.length > 0);
}

/** The picture of a brand: its logo, or the image-not-found placeholder when it has none. */
export type BrandPicture = { kind: 'logo'; src: string } | { kind: 'placeholder' };

/** Spec §8: a missing (null or blank) brand logo shows the image-not-found placeholder. */
export function brandPicture(logo: string | null | undefined): BrandPicture {
  const src = logo?.trim();
  return src ? { kind: 'logo', src } : { kind: 'placeholder' };
}

/** The overview page of a brand (spec §2 /{brand-slug}/overview). */
export function brandOverviewPath(slug: string): string {
  return `/${slug}/overview`;
}

/**
 * The entry an overview URL names, or null (a 404): an unknown slug, or an entry marked
 * skipPage (listed in the directory without a page of its own).
 */
export function brandForOverview<T extends BrandEntryLike>(entries: readonly T[], slug: string): T | null {
  return entries.find((entry) => entry.slug === slug && !entry.skipPage) ?? null;
}

import { isOfferLive } from './special-offers.ts';
import { zonedParts, zonedTimeToInstant } from '../../../schema/zoned-time.ts';

/*
 * The end-of-financial-year sale (spec §2 /eofy and /pages/eofy-*): the Australian
 * financial year ends on 30 June, and the dealer's EOFY sale runs through June in the site's
 * time zone, ending at the end of 30 June.
 */

/** The EOFY sale page. */
export const EOFY_PATH = '/eofy';

/** The path prefix of a dealer's own EOFY pages (/pages/eofy-kia-sale). */
export const EOFY_PAGE_PREFIX = 'eofy-';

/** Where the sale stands at a moment: before June (coming), in June (on) or from 1 July (ended). */
export type EofySalePhase = 'upcoming' | 'on' | 'ended';

/** One year's EOFY sale: the first moment of 1 June, the last second of 30 June (both in the site's time zone), and the phase at `now`. */
export interface EofySale {
  /** The financial year that ends with the sale (2027 for June 2027). */
  year: number;
  start: Date;
  /** The sale's last second, 30 June 23:59:59 local time; it is over from the next second. */
  end: Date;
  phase: EofySalePhase;
}

/**
 * The EOFY sale of the calendar year `now` falls in, in `timeZone`: 1 June 00:00:00 to
 * 30 June 23:59:59 local time. Before June the sale is coming, in June it is on, and from
 * 1 July it has ended (the next one is the following June).
 */
export function eofySaleAt(now: Date, timeZone: string): EofySale {
  const { year } = zonedParts(now, timeZone);
  const start = zonedTimeToInstant({ year, month: 6, day: 1 }, timeZone);
  const end = zonedTimeToInstant({ year, month: 6, day: 30, hour: 23, minute: 59, second: 59 }, timeZone);
  const t = now.getTime();
  const phase: EofySalePhase = t < start.getTime() ? 'upcoming' : t < end.getTime() + 1000 ? 'on' : 'ended';
  return { year, start, end, phase };
}

/** The campaign of the EOFY sale's offers: the dealer marks an offer `eofy` to put it on the EOFY pages. */
export const EOFY_CAMPAIGN = 'eofy';

/**
 * The offers an EOFY page lists: while the sale is on at `now`, the dealer's EOFY offers
 * (campaign `eofy`) inside their window at `now` (start inclusive, expiry exclusive), of `make`
 * when the page is for one make (case-insensitive); outside the sale, none.
 */
export function eofySaleOffers<T extends { make: string | null; start: string; expiry: string; campaign: string | null }>(offers: readonly T[], now: Date, timeZone: string, make?: string): T[] {
  if (eofySaleAt(now, timeZone).phase !== 'on') return [];
  const wanted = make?.toLowerCase();
  return offers.filter((offer) => offer.campaign === EOFY_CAMPAIGN && isOfferLive(offer, now) && (wanted === undefined || offer.make?.toLowerCase() === wanted));
}

/** The path of a dealer EOFY page: its slug (which starts with eofy-) under /pages/. */
export function eofyPagePath(slug: string): string {
  return `/pages/${slug}`;
}

/**
 * The dealer EOFY page an /pages/eofy-{rest} path names among the tenant's pages, by the part
 * after "eofy-"; undefined when there is no such page (a 404).
 */
export function findEofyPage<P extends { slug: string }>(pages: readonly P[], rest: string): P | undefined {
  return pages.find((page) => page.slug === `${EOFY_PAGE_PREFIX}${rest}`);
}

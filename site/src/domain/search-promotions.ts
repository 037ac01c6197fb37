import { visiblePromotions, type CarType, type PromotionWindowInput } from './promotions.ts';
import type { ResultEntry } from './sold-runs.ts';

/*
 * Dealer-group promotions among the search results (spec §2 "Dealer-group promotions show only
 * within a start/expiry window and per car type (new, demo, used; some strictly)", §3 Promo
 * node, §9 promo card position). The window and car-type rules are promotions.ts's; this file
 * only decides where the live ones go on a page of results, next to the 'We Want Your Car!'
 * promo card.
 *
 * The rules (docs/search-ui.md "Promotions"):
 * - Positions are 0-based indexes among the cards of one page as shown (cars, the promo card
 *   and promotions together), counted after sold runs have collapsed, the same on every page.
 * - The promo card keeps its configured positions. A promotion whose position is taken (by the
 *   promo card or an earlier promotion) moves to the next free index; promotions are placed in
 *   position order, ties in config order.
 * - Promos are extra cards: every car of the page is shown, in order, so a page still holds
 *   the page size in cars. A promo shows only when the cards before its index are filled (it
 *   may follow the page's last car, never start an empty page).
 */

/** A tenant promotion (spec §3 Promo node) as search reads it. */
export interface SearchPromotion extends PromotionWindowInput {
  /** 0-based index among a page's cards; absent means the promotion is not shown on search. */
  position?: number;
}

/** One card of a results page. */
export type ResultCell<C, P> =
  | { kind: 'car'; entry: ResultEntry<C> }
  /** The 'We Want Your Car!' card; `index` is its place in the promo card position list. */
  | { kind: 'promo-card'; index: number }
  | { kind: 'promotion'; promotion: P };

/** Where a promotion goes on a page. */
export interface PromotionPlacement<P> {
  index: number;
  promotion: P;
}

/** Every car type, in the spec's order. */
export const CAR_TYPES: readonly CarType[] = ['new', 'demo', 'used'];

/**
 * The car types a search is about, for promotionMatchesCarTypes: the refined car_type values
 * (unknown values ignored) in the spec's order new, demo, used. With no refinement a used-only
 * site (stockFilter.usedOnly) searches used cars only, so it counts as refined to used;
 * elsewhere the empty list means every car type.
 */
export function searchCarTypes(refined: readonly string[], options: { usedOnly: boolean }): CarType[] {
  const types = CAR_TYPES.filter((type) => refined.includes(type));
  if (types.length > 0) return types;
  return options.usedOnly ? ['used'] : [];
}

/**
 * Indexes for promotions (each with a `position`) that do not collide with the promo card:
 * in position order (ties in the given order), each takes its position or the next index not
 * taken by `promoCardPositions` or an earlier promotion. Promotions without a position are left
 * out. Throws an Error naming `promotions[id].position` for a negative or fractional position.
 */
export function placePromotions<P extends SearchPromotion>(promotions: readonly P[], promoCardPositions: readonly number[]): PromotionPlacement<P>[] {
  const taken = new Set(promoCardPositions);
  const positioned = promotions
    .map((promotion, order) => ({ promotion, order }))
    .filter((item): item is { promotion: P & { position: number }; order: number } => item.promotion.position !== undefined);
  for (const { promotion } of positioned) {
    if (!Number.isInteger(promotion.position) || promotion.position < 0) {
      throw new Error(`promotions[${promotion.id}].position: ${promotion.position} is not a 0-based index`);
    }
  }
  positioned.sort((a, b) => a.promotion.position - b.promotion.position || a.order - b.order);
  return positioned.map(({ promotion }) => {
    let index = promotion.position;
    while (taken.has(index)) index += 1;
    taken.add(index);
    return { index, promotion };
  });
}

/** What mergeSearchResults needs besides the page's entries. */
export interface MergeOptions<P> {
  /** The promo card's indexes (promo-positions.ts), empty when the site has no promo card. */
  promoCardPositions: readonly number[];
  /** The tenant's promotions (`tenant.promotions`), in config order. */
  promotions: readonly P[];
  /** The moment the results are shown (passed in so tests fix the clock). */
  now: Date;
  /** The tenant's IANA time zone for promotion dates without an offset (Brisbane by default). */
  timeZone?: string;
  /** The search's car types (searchCarTypes); empty means every car type. */
  carTypes: readonly CarType[];
}

/**
 * One results page as cards: the page's entries (sold runs already collapsed) with the promo
 * card at its positions and the promotions that are live at `now` in `timeZone` and match
 * `carTypes` at their placed indexes (placePromotions). Every entry appears once, in order;
 * an empty page stays empty.
 */
export function mergeSearchResults<C, P extends SearchPromotion>(entries: readonly ResultEntry<C>[], options: MergeOptions<P>): ResultCell<C, P>[] {
  if (entries.length === 0) return [];
  const live = visiblePromotions(
    options.promotions.filter((promotion) => promotion.position !== undefined),
    { now: options.now, carTypes: options.carTypes, ...(options.timeZone ? { timeZone: options.timeZone } : {}) },
  );
  const slots = new Map<number, ResultCell<C, P>>();
  options.promoCardPositions.forEach((position, index) => slots.set(position, { kind: 'promo-card', index }));
  for (const { index, promotion } of placePromotions(live, options.promoCardPositions)) slots.set(index, { kind: 'promotion', promotion });

  const cells: ResultCell<C, P>[] = [];
  let next = 0;
  for (;;) {
    const slot = slots.get(cells.length);
    if (slot) cells.push(slot);
    else if (next < entries.length) cells.push({ kind: 'car', entry: entries[next++] as ResultEntry<C> });
    else break;
  }
  return cells;
}

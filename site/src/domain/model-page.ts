/*
 * Model pages (spec §2 /models/{model}): the colour/variant viewer's rules (colours in body-type
 * order with unknown body types last, previous/next arrows that wrap around, a second tab row of
 * body types when there are 3 or more body types and more than 15 colours) and the variant
 * button of spec §4 (Register Interest when the model is coming soon, else Test Drive).
 */

/** Models per page of the model listing (spec §7/§9: the manufacturer/model listings, 21 per page). */
export const MODEL_LISTING_PAGE_SIZE = 21;
/** Model listing answers a browser keeps, the oldest evicted beyond (spec §7: up to 10 entries). */
export const MODEL_LISTING_CACHE_LIMIT = 10;

/** Body-type order of the colour viewer (spec §2: wagon, sedan, hatch and so on; unknown last). */
export const MODEL_BODY_TYPE_ORDER = ['wagon', 'sedan', 'hatch', 'ute', 'cab chassis', 'van', 'people mover', 'coupe', 'convertible'] as const;

/** Body types at or above which (with more than MANY_COLOURS colours) a second tab row filters by body type. */
export const BODY_TYPE_TABS_MIN = 3;
/** Colours above which (with BODY_TYPE_TABS_MIN or more body types) the body-type tab row shows. */
export const MANY_COLOURS = 15;

function bodyRank(bodyType: string | null | undefined): number {
  const index = MODEL_BODY_TYPE_ORDER.indexOf((bodyType ?? '').trim().toLowerCase() as (typeof MODEL_BODY_TYPE_ORDER)[number]);
  return index === -1 ? MODEL_BODY_TYPE_ORDER.length : index;
}

/** Colours in body-type order (wagon, sedan, hatch…), unknown or missing body types last; equal ranks keep their order. */
export function sortColoursByBodyType<T extends { body_type: string | null }>(colours: readonly T[]): T[] {
  return colours
    .map((colour, index) => ({ colour, index }))
    .sort((a, b) => bodyRank(a.colour.body_type) - bodyRank(b.colour.body_type) || a.index - b.index)
    .map(({ colour }) => colour);
}

/** The body types of a colour list in viewer order, each once (unknown body types last). */
export function bodyTypesOf(colours: readonly { body_type: string | null }[]): string[] {
  return [...new Set(sortColoursByBodyType(colours).map((c) => c.body_type?.trim() || 'Other'))];
}

/** Spec §2: a second tab row filters by body type when there are 3 or more body types and more than 15 colours. */
export function needsBodyTypeTabs(colours: readonly { body_type: string | null }[]): boolean {
  return bodyTypesOf(colours).length >= BODY_TYPE_TABS_MIN && colours.length > MANY_COLOURS;
}

/** The colour the previous (-1) or next (+1) arrow shows: wraps from the last to the first and back. */
export function wrapIndex(index: number, step: -1 | 1, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

/** Spec §4 model status: coming_soon turns the variant button into Register Interest; otherwise Test Drive. */
export function variantAction(status: string): 'Register Interest' | 'Test Drive' {
  return status === 'coming_soon' ? 'Register Interest' : 'Test Drive';
}

/** The lowest variant price of a model ("from $…"), or null when no variant has a price. */
export function modelPriceFrom(variants: readonly { price: number | null }[]): number | null {
  const prices = variants.map((v) => v.price).filter((p): p is number => p !== null && p > 0);
  return prices.length > 0 ? Math.min(...prices) : null;
}

/*
 * The price-comparison gauge (spec §4, §5, §9): a result is shown only when every field is
 * present, confidence is above 0.2 and the market maximum is not below the listing price; the
 * fill is drawn at least 20% full, coloured by band (below 0.3, 0.3 to below 0.6, 0.6 or
 * above) and labelled Good Deal below 0.65, else Great Deal. The count-up runs 2 s.
 */

/** Results at or below this confidence are not shown (spec §9). */
export const GAUGE_CONFIDENCE_THRESHOLD = 0.2;

/** The gauge is drawn at least this full (spec §9). */
export const GAUGE_MIN_FILL = 0.2;

/** Count-up animation length, ms (spec §9). */
export const GAUGE_COUNT_UP_MS = 2000;

/** A price-comparison result as it arrives (spec §3). */
export interface PriceComparisonInput {
  fill?: number | null;
  listing_price?: number | null;
  market_range_min?: number | null;
  market_range_max?: number | null;
  confidence?: number | null;
  description?: string | null;
}

/** A result the gauge may show. */
export interface AcceptedComparison {
  fill: number;
  listingPrice: number;
  marketMin: number;
  marketMax: number;
  confidence: number;
  description: string;
}

const present = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The result when the gauge may show it, else null: every field present, confidence above 0.2,
 * and the market maximum not below the listing price (spec §4, §5).
 */
export function acceptComparison(result: PriceComparisonInput | null | undefined): AcceptedComparison | null {
  if (!result) return null;
  const { fill, listing_price: listing, market_range_min: min, market_range_max: max, confidence, description } = result;
  if (!present(fill) || !present(listing) || !present(min) || !present(max) || !present(confidence) || !description) return null;
  if (!(confidence > GAUGE_CONFIDENCE_THRESHOLD)) return null;
  if (max < listing) return null;
  return { fill, listingPrice: listing, marketMin: min, marketMax: max, confidence, description };
}

/** The fill the gauge draws: the result's fill, clamped to 0–1, and never below 20%. */
export function displayedFill(fill: number): number {
  return Math.max(GAUGE_MIN_FILL, Math.min(1, fill));
}

/** Colour band of a fill: 'low' below 0.3, 'mid' 0.3 to below 0.6, 'high' 0.6 or above. */
export function gaugeBand(fill: number): 'low' | 'mid' | 'high' {
  if (fill < 0.3) return 'low';
  if (fill < 0.6) return 'mid';
  return 'high';
}

/** The gauge's label: Good Deal below 0.65, else Great Deal. */
export function gaugeLabel(fill: number): 'Good Deal' | 'Great Deal' {
  return fill < 0.65 ? 'Good Deal' : 'Great Deal';
}

/**
 * The value shown `elapsedMs` into the count-up from 0 to `target` (ease-out, spec §9: 2 s);
 * exactly `target` from the end on.
 */
export function countUpValue(target: number, elapsedMs: number, durationMs = GAUGE_COUNT_UP_MS): number {
  if (elapsedMs >= durationMs) return target;
  const t = Math.max(0, elapsedMs) / durationMs;
  return target * (1 - (1 - t) ** 3);
}

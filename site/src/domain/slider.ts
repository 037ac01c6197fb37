/*
 * Range slider rules of spec §4, §5, §8 and §9 (price, subscription_price, year, km).
 * The slider keeps its thumbs inside the facet range and apart from each other; typed price and
 * km amounts round to the nearest 1000 and never go below 0 (a weekly subscription amount such as
 * $160 to $700 would lose its meaning if rounded, so it only clamps); a refinement outside the range is refused
 * with the spec's messages (the caller logs them and ignores the move).
 */

/** The slider's range and step. */
export interface SliderBounds {
  min: number;
  max: number;
  step: number;
}

/** The tenant's slider settings (`search.sliders`). */
export interface SliderSettings {
  defaultMin: number;
  defaultMax: number;
  stepFraction: number;
  priceStep: number;
  rounding: number;
  price?: SliderOverride;
  subscriptionPrice?: SliderOverride;
  year?: SliderOverride;
  km?: SliderOverride;
}

/** Per-slider overrides (`search.sliders.price` …). */
export interface SliderOverride {
  min?: number;
  max?: number;
  step?: number;
}

/** Attributes with a range slider. */
export type SliderAttribute = 'price' | 'subscription_price' | 'year' | 'km';

/** Refusal texts of spec §8. */
export const BELOW_RANGE_MESSAGE = 'Cannot refine below the range minimum';
export const ABOVE_RANGE_MESSAGE = 'Cannot refine above the range maximum';

/**
 * Whether a slider's typed inputs are amounts rounded to `rounding` and never below 0: only price
 * and km (spec §5). Subscription price and year only clamp to the range.
 */
export function isAmountSlider(attribute: SliderAttribute): boolean {
  return attribute === 'price' || attribute === 'km';
}

function overrideFor(attribute: SliderAttribute, settings: SliderSettings): SliderOverride {
  if (attribute === 'subscription_price') return settings.subscriptionPrice ?? {};
  return settings[attribute] ?? {};
}

/**
 * The slider's range: the tenant override, else the facet stats of the current results,
 * else the tenant default (0 to 100000 by default). The step is the override, else 500 for
 * price, else 1/100 of the range (at least 1, whole numbers).
 */
export function sliderBounds(
  attribute: SliderAttribute,
  stats: { min: number; max: number } | undefined,
  settings: SliderSettings,
): SliderBounds {
  const override = overrideFor(attribute, settings);
  const min = override.min ?? stats?.min ?? settings.defaultMin;
  let max = override.max ?? stats?.max ?? settings.defaultMax;
  if (max < min) max = min;
  const step = override.step ?? (attribute === 'price' ? settings.priceStep : Math.max(1, Math.round((max - min) * settings.stepFraction)));
  return { min, max, step };
}

/** `value` rounded to the nearest multiple of `rounding` (1000 by default, spec §9). */
export function roundToNearest(value: number, rounding: number): number {
  if (rounding <= 0) return value;
  return Math.round(value / rounding) * rounding;
}

/** `value` kept inside [min, max]. */
export function clampToBounds(value: number, bounds: Pick<SliderBounds, 'min' | 'max'>): number {
  return Math.min(bounds.max, Math.max(bounds.min, value));
}

/**
 * A value typed into one of the slider's inputs: price and km amounts below 0 become 0 and round
 * to the nearest `rounding`; every value then clamps to the range (spec §5).
 */
export function normaliseSliderInput(attribute: SliderAttribute, raw: number, bounds: SliderBounds, rounding: number): number {
  if (!Number.isFinite(raw)) return bounds.min;
  let value = raw;
  if (isAmountSlider(attribute)) value = roundToNearest(Math.max(0, value), rounding);
  return clampToBounds(value, bounds);
}

/**
 * The thumbs after a move: the moved minimum cannot pass the current maximum and the moved
 * maximum cannot drop below the current minimum (thumbs cannot cross, spec §4/§5).
 */
export function moveThumbs(next: readonly [number, number], current: readonly [number, number]): [number, number] {
  let [low, high] = next;
  if (low !== current[0] && low > current[1]) low = current[1];
  if (high !== current[1] && high < current[0]) high = current[0];
  if (low > high) low = high;
  return [low, high];
}

/** The refusal message for a refinement outside the range, or null when it is inside. */
export function rangeRefinementError(range: { min?: number; max?: number }, bounds: Pick<SliderBounds, 'min' | 'max'>): string | null {
  if (range.min !== undefined && range.min < bounds.min) return BELOW_RANGE_MESSAGE;
  if (range.max !== undefined && range.max > bounds.max) return ABOVE_RANGE_MESSAGE;
  return null;
}

/**
 * The refinement of a slider position: an end at the edge of the range is open (undefined),
 * so a slider moved back to its full range applies nothing.
 */
export function sliderRefinement(values: readonly [number, number], bounds: Pick<SliderBounds, 'min' | 'max'>): { min?: number; max?: number } {
  const refinement: { min?: number; max?: number } = {};
  if (values[0] > bounds.min) refinement.min = values[0];
  if (values[1] < bounds.max) refinement.max = values[1];
  return refinement;
}

/**
 * The track a slider's thumbs move on: the range widened to whole steps, so each stop is a whole
 * multiple of the step ($4,000, $4,500 …, not $3,990, $4,490 … from a cheapest car at $3,990).
 * A browser's range control counts its steps from its minimum: on the range itself, every amount
 * a thumb gave was off the round figures, and an end that is not a whole step from the minimum
 * could not be reached at all.
 *
 * @example sliderTrack({ min: 3990, max: 124490, step: 500 }) // { min: 3500, max: 124500 }
 */
export function sliderTrack(bounds: SliderBounds): { min: number; max: number } {
  if (!(bounds.step > 0)) return { min: bounds.min, max: bounds.max };
  return { min: Math.floor(bounds.min / bounds.step) * bounds.step, max: Math.ceil(bounds.max / bounds.step) * bounds.step };
}

/**
 * Where a thumb sits on the track for `value`: an open end (at or past the range's edge) at the
 * track's end, any other value at its nearest stop.
 *
 * @example thumbPosition(3990, { min: 3990, max: 124490, step: 500 }) // 3500
 * @example thumbPosition(10240, { min: 3990, max: 124490, step: 500 }) // 10000
 */
export function thumbPosition(value: number, bounds: SliderBounds): number {
  const track = sliderTrack(bounds);
  if (value <= bounds.min) return track.min;
  if (value >= bounds.max) return track.max;
  if (!(bounds.step > 0)) return value;
  return clampToBounds(Math.round(value / bounds.step) * bounds.step, track);
}


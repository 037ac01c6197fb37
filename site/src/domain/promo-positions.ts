/*
 * Where promotional cards go among the results (spec §9): a position is a number or a list;
 * one variant randomises 3 to 5 plus the configured position.
 */

/** The tenant's `search.promoCardPosition`. */
export type PromoPositionSetting = number | readonly number[] | { randomise: { min: number; max: number }; position: number };

/**
 * 0-based indexes among the cards (cars and promos together) where promo cards go.
 * @param random a number in [0, 1) (Math.random in the app, fixed in tests)
 */
export function promoPositions(setting: PromoPositionSetting | undefined, random: () => number = Math.random): number[] {
  if (setting === undefined) return [];
  if (typeof setting === 'number') return [setting];
  if (Array.isArray(setting)) return [...new Set(setting as readonly number[])].sort((a, b) => a - b);
  const { randomise, position } = setting as { randomise: { min: number; max: number }; position: number };
  const span = Math.max(0, randomise.max - randomise.min);
  return [position + randomise.min + Math.floor(random() * (span + 1))];
}

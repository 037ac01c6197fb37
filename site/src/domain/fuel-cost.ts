/*
 * The fuel cost calculator (spec §2, §9): hidden for electric cars; defaults 1.70 per litre,
 * 250 km per week and 10 L/100 km when the car has no combined consumption figure.
 */

/** Spec §9 defaults. */
export const FUEL_DEFAULTS = { pricePerLitre: 1.7, kmPerWeek: 250 } as const;

/** Whether the calculator shows: not for electric cars. */
export function fuelCalculatorShown(simpleFuel: string | null | undefined): boolean {
  return (simpleFuel ?? '').toLowerCase() !== 'electric';
}

/**
 * The consumption the calculator starts from: the car's combined figure, else the site's fallback.
 * @param fallback limits.fuelFallbackLitresPer100Km (10 L/100 km by default)
 */
export function consumptionOf(fuelConsumptionCombined: number | null | undefined, fallback: number): number {
  return typeof fuelConsumptionCombined === 'number' && fuelConsumptionCombined > 0 ? fuelConsumptionCombined : fallback;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Fuel cost per week, month (52/12 weeks) and year, in dollars (cents rounded). */
export function fuelCost(input: { litresPer100Km: number; kmPerWeek: number; pricePerLitre: number }): { weekly: number; monthly: number; yearly: number } {
  const weekly = (Math.max(0, input.kmPerWeek) / 100) * Math.max(0, input.litresPer100Km) * Math.max(0, input.pricePerLitre);
  return { weekly: round(weekly), monthly: round((weekly * 52) / 12), yearly: round(weekly * 52) };
}

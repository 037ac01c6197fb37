/*
 * Trade-in rules (spec §5): an online estimate is generally not given for cars over 7 years
 * old or 100,000 km (tenant limits.tradeInMaxAgeYears / limits.tradeInMaxKm).
 */

/** The limits of the online estimate. */
export interface TradeInLimits {
  tradeInMaxAgeYears: number;
  tradeInMaxKm: number;
}

/** Spec §5 defaults: 7 years, 100,000 km. */
export const DEFAULT_TRADE_IN_LIMITS: TradeInLimits = { tradeInMaxAgeYears: 7, tradeInMaxKm: 100_000 };

/**
 * Whether a car may get an online trade-in estimate: at most `tradeInMaxAgeYears` old (by
 * calendar year) and at most `tradeInMaxKm` on the odometer.
 * @param year the car's year
 * @param kms the odometer reading
 * @param now reference time (epoch ms)
 * @param limits the site's limits
 */
export function onlineEstimateAllowed(year: number, kms: number, now: number, limits: TradeInLimits = DEFAULT_TRADE_IN_LIMITS): boolean {
  const age = new Date(now).getUTCFullYear() - year;
  return age <= limits.tradeInMaxAgeYears && kms <= limits.tradeInMaxKm;
}

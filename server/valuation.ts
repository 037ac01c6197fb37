import { ADJUSTMENT_DEDUCTIONS } from '../schema/api/index.ts';
import { DEFAULT_TRADE_IN_LIMITS, onlineEstimateAllowed, type TradeInLimits } from '../site/src/domain/trade-in.ts';
import { CAR_MAKES } from './seed/catalog.ts';
import { createRng } from './seed/random.ts';

/*
 * Trade-in valuation in embedded mode. Production asks the dealer's valuation provider and the
 * state registry; here the estimate comes from the vehicle catalogue and a deterministic demo
 * registry, so the whole flow (rego lookup → estimate → adjustments → offer accepted) works
 * without accounts.
 */

/** A vehicle as a registry describes it. */
export interface RegisteredVehicle {
  year: number;
  make: string;
  model: string;
  badge: string | null;
  vin: string | null;
  rego_expiry: string | null;
}

/**
 * The demo registry: a plate (with its state) always maps to the same catalogue vehicle.
 * @param rego plate
 * @param state registering state
 * @param now reference time
 */
export function demoRegistryLookup(rego: string, state: string, now: Date): RegisteredVehicle {
  const rng = createRng(`rego:${state}:${rego.toUpperCase().replace(/\s+/g, '')}`);
  const make = rng.weighted(CAR_MAKES, (m) => m.weight);
  const line = rng.pick(make.models);
  const year = Math.max(line.since, now.getUTCFullYear() - rng.int(1, 12));
  return {
    year,
    make: make.make,
    model: line.model,
    badge: rng.pick(line.badges),
    vin: null,
    rego_expiry: new Date(now.getTime() + rng.int(20, 360) * 86_400_000).toISOString().slice(0, 10),
  };
}

/**
 * Online trade-in estimate in dollars (rounded to $100), or null when none is given: unknown
 * vehicle, older than 7 years or over 100,000 km (spec §5; the site's limits).
 * @param vehicle year, make, model
 * @param kms odometer
 * @param now reference time
 * @param limits the site's trade-in limits
 */
export function tradeInEstimate(vehicle: { year: number; make: string; model: string }, kms: number, now: Date, limits: TradeInLimits = DEFAULT_TRADE_IN_LIMITS): number | null {
  const age = now.getUTCFullYear() - vehicle.year;
  if (!onlineEstimateAllowed(vehicle.year, kms, now.getTime(), limits)) return null;
  const line = CAR_MAKES.find((m) => m.make.toLowerCase() === vehicle.make.toLowerCase())?.models.find((x) => x.model.toLowerCase() === vehicle.model.toLowerCase());
  if (!line) return null;
  const retail = line.basePrice * 0.86 ** Math.max(1, age) * Math.max(0.55, 1 - kms / 600_000);
  // The dealer's margin, reconditioning and holding costs come off the retail figure.
  return Math.round((retail * 0.82) / 100) * 100;
}

/**
 * Applies condition answers to an estimate (see ADJUSTMENT_DEDUCTIONS).
 * @param estimate estimate before adjustments
 * @param answers question → answer ('Yes'/'No', true/false, or a number)
 */
export function adjustEstimate(estimate: number, answers: Record<string, string | number | boolean>): number {
  let value = estimate;
  for (const [question, answer] of Object.entries(answers)) {
    const deduction = ADJUSTMENT_DEDUCTIONS[question];
    if (deduction !== undefined && (answer === true || answer === 'Yes' || answer === 'yes')) value *= 1 - deduction;
  }
  return Math.round(value / 100) * 100;
}

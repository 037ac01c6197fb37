/*
 * The used-car checks section of the vehicle page (spec §2: "used-car checks (used only)",
 * features.usedCarChecks): what the dealer's records say about a used car, check by check —
 * odometer, registration, identity, history report, certification. Each check is worked out
 * from the car's own fields; a check without data is left out rather than claimed.
 */
import { formatNumber } from '../../../schema/number-format.ts';

/** One check: what was checked, what the records say, and whether it passed. */
export interface UsedCarCheck {
  id: 'odometer' | 'registration' | 'identity' | 'history' | 'certified';
  title: string;
  detail: string;
  passed: boolean;
}

/** The car fields the checks read. */
export interface UsedCarCheckInput {
  car_type: string;
  item_type?: string | null;
  km: number;
  rego?: string | null;
  rego_expiry?: string | null;
  state?: string | null;
  vin?: string | null;
  has_nvic?: boolean;
  file?: string | null;
  certified?: boolean;
}

/** Whether the section shows: the tenant has it on and the car is used (spec §2). */
export function usedCarChecksShown(car: { car_type: string }, enabled: boolean): boolean {
  return enabled && car.car_type === 'used';
}

const DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2027-03-12' → '12 March 2027' (the date as written, whatever the reader's time zone). */
export function regoDateText(isoDate: string): string {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : DATE.format(time);
}

/**
 * Whether registration has run out at `nowSeconds`: it holds to the end of its expiry day in
 * eastern Australia (UTC+10), the latest end of a day on the mainland.
 */
export function regoExpired(isoDate: string, nowSeconds: number): boolean {
  const end = Date.parse(`${isoDate.slice(0, 10)}T23:59:59+10:00`);
  return !Number.isNaN(end) && end < nowSeconds * 1000;
}

/**
 * The checks of a used car, in order: odometer (not for caravans, which have none), registration,
 * identity (VIN, and NVIC when matched), history report (only when the car has one), certified
 * (only when certified).
 * @param nowSeconds the render's clock, so server and browser agree
 */
export function usedCarChecks(car: UsedCarCheckInput, nowSeconds: number): UsedCarCheck[] {
  const checks: UsedCarCheck[] = [];
  if (car.item_type !== 'caravan') {
    checks.push({ id: 'odometer', title: 'Odometer', detail: `${formatNumber(car.km)} km recorded when listed`, passed: true });
  }
  const where = car.state ? ` in ${car.state}` : '';
  if (car.rego && car.rego_expiry) {
    const expired = regoExpired(car.rego_expiry, nowSeconds);
    checks.push({
      id: 'registration',
      title: 'Registration',
      detail: expired ? `Registration expired on ${regoDateText(car.rego_expiry)}` : `Registered${where} until ${regoDateText(car.rego_expiry)}`,
      passed: !expired,
    });
  } else if (car.rego) {
    checks.push({ id: 'registration', title: 'Registration', detail: `Registered${where}`, passed: true });
  } else {
    checks.push({ id: 'registration', title: 'Registration', detail: 'Sold unregistered', passed: false });
  }
  if (car.vin) {
    checks.push({ id: 'identity', title: 'Identity', detail: car.has_nvic ? `VIN ${car.vin}, matched to its factory specification (NVIC)` : `VIN ${car.vin}`, passed: true });
  }
  if (car.file) checks.push({ id: 'history', title: 'History report', detail: 'A car history report is available for this car', passed: true });
  if (car.certified) checks.push({ id: 'certified', title: 'Certified pre-owned', detail: 'Passed the certified pre-owned inspection', passed: true });
  return checks;
}

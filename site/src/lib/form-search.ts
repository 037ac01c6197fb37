// Search params of the lead form routes (/enquire?car_id=…, /book-test-drive?car_id=…,
// /cars/trade-in?car_id=…). A plain parser rather than zod (validateSearch sits in the entry
// chunk, see docs/architecture-changes.md); bad values fall back to undefined.

/** Search params shared by the lead form routes. */
export interface FormSearch {
  /**
   * The car the form is about: its id or slug (spec §2 `car_id={id or slug}`). An id stays the
   * number the router parsed from `?car_id=516`: turned into the string "516", the router would
   * write it back into the address as `car_id=%22516%22` (a JSON string).
   */
  car_id?: string | number | undefined;
  /** A category to start the enquiry with (e.g. from a 'Careers' link). */
  category?: string | undefined;
  /** The dealership a finance link names (spec §2 finance link: preferredDealership). */
  preferredDealership?: string | undefined;
  /** The amount a finance link names (spec §2 finance link: vehiclePriceBudget), whole dollars. */
  vehiclePriceBudget?: number | undefined;
}

/**
 * A car key from a search param: an id (the router parses `?car_id=12` as a number) or a slug.
 * @param value the raw search value
 */
export function carKey(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31) return String(value);
  if (typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,199}$/i.test(value)) return value.toLowerCase();
  return undefined;
}

/**
 * The `car_id` search param as the route keeps it: an id as its number, a slug as its lowercase
 * text, anything else dropped. `carKey(carParam(x))` is the key to look the car up by.
 */
export function carParam(value: unknown): string | number | undefined {
  const key = carKey(value);
  return key !== undefined && typeof value === 'number' ? value : key;
}

/** Parses a lead form route's search params. */
export const formSearchSchema = {
  parse(search: Record<string, unknown>): FormSearch {
    const category = typeof search.category === 'string' && search.category.length <= 100 ? search.category : undefined;
    const parsed: FormSearch = { car_id: carParam(search.car_id), category };
    const dealership = search.preferredDealership;
    if (typeof dealership === 'string' && /^[a-z0-9][a-z0-9-]{0,99}$/.test(dealership)) parsed.preferredDealership = dealership;
    const budget = budgetParam(search.vehiclePriceBudget);
    if (budget !== undefined) parsed.vehiclePriceBudget = budget;
    return parsed;
  },
};

/**
 * A finance link's budget (the router parses `?vehiclePriceBudget=32990` as a number): a whole
 * number of dollars from 1 to 10 million, anything else dropped.
 */
export function budgetParam(value: unknown): number | undefined {
  const amount = typeof value === 'string' && /^\d{1,8}$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0 && amount <= 10_000_000 ? amount : undefined;
}

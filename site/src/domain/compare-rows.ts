/*
 * The side-by-side compare table (spec §4 compare list, the /compare page): the facts compared
 * of each car in the list, one column per car, with the rows where the cars differ marked.
 * Apart from the list rules (saved-cars.ts) so the search page's bundle does not carry it.
 */
import { formatNumber } from '../../../schema/number-format.ts';

/** One row of the side-by-side table: a label, one text per car, and whether the cars differ. */
export interface CompareRow {
  label: string;
  values: string[];
  /** True when at least two cars are compared and their texts are not all the same. */
  differs: boolean;
}

/** What is compared of one car (the vehicle page's facts of spec §3 fields). */
export interface CompareCarFacts {
  price: string;
  year: number;
  car_type: string;
  km: number | null;
  body: string | null;
  transmission: string | null;
  fuel: string | null;
  drive: string | null;
  engine_litres: number | null;
  fuel_consumption: number | null;
  seats: number | null;
  doors: number | null;
  colour: string | null;
  towing_braked: number | null;
  ancap: number | null;
  location: string;
}

/** Shown in a cell for a car without the value. */
export const NO_VALUE = '—';

const number = (value: number | null, unit = ''): string | null => (typeof value === 'number' && Number.isFinite(value) ? `${formatNumber(value)}${unit}` : null);

/**
 * The rows of the side-by-side compare table, one column per car in list order (null: a car
 * whose details are not there, e.g. it left the stock; its cells read '—'). A row every car
 * lacks is left out; a car without a value reads '—'. `differs` marks rows where the cars with
 * details are not all alike, so the view can point them out.
 */
export function compareRows(cars: readonly (CompareCarFacts | null)[], labels: { condition: (carType: string) => string }): CompareRow[] {
  const rows: [string, (car: CompareCarFacts) => string | null][] = [
    ['Price', (car) => car.price],
    ['Year', (car) => String(car.year)],
    ['Condition', (car) => labels.condition(car.car_type)],
    ['Kilometres', (car) => number(car.km, ' km')],
    ['Body', (car) => car.body],
    ['Transmission', (car) => car.transmission],
    ['Fuel', (car) => car.fuel],
    ['Drive', (car) => car.drive],
    ['Engine', (car) => (car.engine_litres ? `${car.engine_litres.toFixed(1)} L` : null)],
    ['Fuel consumption (combined)', (car) => number(car.fuel_consumption, ' L/100 km')],
    ['Seats', (car) => number(car.seats)],
    ['Doors', (car) => number(car.doors)],
    ['Colour', (car) => car.colour],
    ['Towing capacity (braked)', (car) => number(car.towing_braked, ' kg')],
    ['ANCAP safety rating', (car) => (car.ancap ? `${car.ancap} stars` : null)],
    ['Location', (car) => car.location],
  ];
  const result: CompareRow[] = [];
  for (const [label, read] of rows) {
    const raw = cars.map((car) => {
      const value = car ? read(car) : null;
      return typeof value === 'string' && value.trim() !== '' ? value : null;
    });
    if (raw.every((value) => value === null)) continue;
    const values = raw.map((value) => value ?? NO_VALUE);
    const present = values.filter((_, index) => cars[index] !== null);
    result.push({ label, values, differs: present.length > 1 && new Set(present).size > 1 });
  }
  return result;
}

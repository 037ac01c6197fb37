import type { Car } from '../../../schema/api/car.ts';
import { formatNumber } from '../../../schema/number-format.ts';

/*
 * The rows of the Key information, Car Summary and All Specifications sections: label and display
 * text of each field the car has (empty fields are left out). The vehicle page, the print page,
 * compare, the search card's chips and the server's PDF all read them here, so a fact is worded
 * (and its unit written: " km", as the page's icons say; ' kms' is only the suffix of a km input,
 * spec §7) in one place.
 */

/** One labelled fact. */
export interface Fact {
  label: string;
  value: string;
}

/** The tenant labels the condition is worded with. */
export interface ConditionLabels {
  /** labels.newTag, e.g. 'New'. */
  newTag: string;
  /** labels.used, e.g. 'Used'. */
  used: string;
}

/**
 * How a car's condition (car_type) is written: the tenant's new and used labels, 'Demo' for demo
 * stock, any other value as it is.
 * @param labels the tenant's labels
 * @param carType new, used or demo
 * @example conditionLabel({ newTag: 'New', used: 'Used' }, 'demo') // 'Demo'
 */
export function conditionLabel(labels: ConditionLabels, carType: string): string {
  if (carType === 'new') return labels.newTag;
  if (carType === 'used') return labels.used;
  if (carType === 'demo') return 'Demo';
  return carType;
}

/**
 * A car's kilometres as the site writes them ("12,345 km"); null for caravans, which have none.
 * @param car its km and item type
 * @example kilometresText({ km: 12345, item_type: 'car' }) // '12,345 km'
 */
export function kilometresText(car: Pick<Car, 'km' | 'item_type'>): string | null {
  return car.item_type === 'caravan' ? null : num(car.km, ' km');
}

const num = (n: number | null | undefined, unit = '') => (typeof n === 'number' && Number.isFinite(n) ? `${formatNumber(n)}${unit}` : null);

function facts(rows: [string, string | null | undefined][]): Fact[] {
  return rows.filter((row): row is [string, string] => typeof row[1] === 'string' && row[1].trim() !== '').map(([label, value]) => ({ label, value }));
}

/**
 * Key information (spec §2 #key-information).
 * @param car the car
 * @param labels the tenant's labels (the condition's words)
 * @param options location: false where the sheet names the location in a block of its own
 */
export function keyInformation(car: Car, labels: ConditionLabels, options: { location: boolean } = { location: true }): Fact[] {
  return facts([
    ['Condition', conditionLabel(labels, car.car_type)],
    ['Stock number', car.stocknum],
    ['Kilometres', kilometresText(car)],
    ['Body', car.bodyconfiguration ?? car.simple_body],
    ['Transmission', car.trans ?? car.simple_transmission],
    ['Fuel', car.fuel ?? car.simple_fuel],
    ['Drive', car.drive ?? car.simple_drive],
    ['Engine', car.engine_size_litres ? `${car.engine_size_litres.toFixed(1)} L` : null],
    ['Colour', car.colour],
    ['Interior colour', car.interior_colour],
    ['Seats', num(car.seats)],
    ['Doors', num(car.doors)],
    ['VIN', car.vin],
    ['Rego', car.rego],
    ['Rego expiry', car.rego_expiry],
    ['Build date', car.build_date],
    ['Compliance date', car.compliance_date],
    ['Location', options.location ? car.location.name : null],
  ]);
}

/**
 * Car Summary (spec §2): the few facts a shopper checks before enquiring — the car's title, its
 * price as the page shows it, kilometres, transmission, fuel, stock number and where it is.
 */
export function carSummary(car: Car, title: string, priceText: string): Fact[] {
  return facts([
    ['Car', title],
    ['Price', priceText],
    ['Kilometres', kilometresText(car)],
    ['Transmission', car.simple_transmission ?? car.trans],
    ['Fuel', car.simple_fuel ?? car.fuel],
    ['Stock number', car.stocknum],
    ['Location', car.location.name],
  ]);
}

/** All Specifications: the caravan's specifications for caravans, else the variant's. */
export function specifications(car: Car): Fact[] {
  if (car.item_type === 'caravan' && car.caravan_specs) {
    const c = car.caravan_specs;
    return facts([
      ['Sleeps', num(c.sleeps)],
      ['Body length', num(c.body_length, ' m')],
      ['Body width', num(c.body_width, ' m')],
      ['Tare weight', num(c.tare_weight, ' kg')],
      ['Aggregate trailer mass (ATM)', num(c.aggregate_trailer_mass, ' kg')],
      ['Axle type', c.axle_type],
    ]);
  }
  const v = car.variant ?? {};
  return facts([
    ['Engine size', v.enginesize_litres ? `${v.enginesize_litres.toFixed(1)} L` : num(v.enginesize, ' cc')],
    ['Cylinders', num(v.cylinders)],
    ['Induction', v.induction],
    ['Fuel consumption (combined)', num(v.fuelconsumptioncombined, ' L/100 km')],
    ['Fuel capacity', num(v.fuelcapacity, ' L')],
    ['Torque', num(v.torque, ' Nm')],
    ['Gear type', v.geartype],
    ['Body configuration', v.bodyconfiguration],
    ['Length', num(v.vehiclelength, ' mm')],
    ['Width', num(v.vehiclewidth, ' mm')],
    ['Height', num(v.vehicleheight, ' mm')],
    ['Gross vehicle mass', num(v.grossvehiclemass, ' kg')],
    ['Towing capacity (braked)', num(v.towingcapacitybraked, ' kg')],
    ['ANCAP safety rating', v.ancaprating ? `${v.ancaprating} stars` : null],
  ]);
}

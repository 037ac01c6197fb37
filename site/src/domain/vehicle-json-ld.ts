import { isAvailable, type AvailabilityInput } from './availability.ts';
import { absoluteUrl } from './page-head.ts';

/*
 * The schema.org Vehicle/Offer of a vehicle page: it tells crawlers the same price and
 * availability the page shows. Server-only in the site (JSON-LD is written on the server).
 */

/** What the Offer says about the car (the page's own price and state). */
export interface VehicleJsonLdInput {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  images: readonly string[];
  car: AvailabilityInput & {
    make: string;
    model: string;
    year: number;
    km: number;
    car_type: string;
    vin?: string | null;
    badge?: string | null;
    series?: string | null;
    colour?: string | null;
    simple_body?: string | null;
    simple_fuel?: string | null;
    simple_transmission?: string | null;
    simple_drive?: string | null;
    doors?: number | null;
    seats?: number | null;
  };
  /** The price the page shows, or null when it shows none (no-price text, PREORDER). */
  price: number | null;
  sellerName: string;
}

const CONDITION: Record<string, string> = { new: 'https://schema.org/NewCondition', used: 'https://schema.org/UsedCondition', demo: 'https://schema.org/UsedCondition' };

/** schema.org availability of a car: in stock, pre-order (coming soon) or sold out. */
export function offerAvailability(car: AvailabilityInput): string {
  if (!isAvailable(car)) return 'https://schema.org/SoldOut';
  return car.status === 'coming_soon' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock';
}

const optional = (key: string, value: unknown) => (value === null || value === undefined || value === '' ? {} : { [key]: value });

/** The schema.org Car (a Vehicle) with its Offer: the price and availability the page shows. */
export function vehicleJsonLd(input: VehicleJsonLdInput) {
  const url = absoluteUrl(input.siteUrl, input.path);
  const { car } = input;
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    '@id': `${url}#vehicle`,
    name: input.title,
    description: input.description,
    url,
    image: input.images.map((image) => absoluteUrl(input.siteUrl, image)),
    brand: { '@type': 'Brand', name: car.make },
    manufacturer: car.make,
    model: car.model,
    vehicleModelDate: String(car.year),
    itemCondition: CONDITION[car.car_type] ?? CONDITION.used,
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' },
    ...optional('vehicleIdentificationNumber', car.vin),
    // The trim: badge and series ("SR5 GUN126R"), what Google's Car rich result calls the configuration.
    ...optional('vehicleConfiguration', [car.badge, car.series].filter(Boolean).join(' ')),
    ...optional('color', car.colour),
    ...optional('bodyType', car.simple_body),
    ...optional('fuelType', car.simple_fuel),
    ...optional('vehicleTransmission', car.simple_transmission),
    ...optional('driveWheelConfiguration', car.simple_drive),
    ...optional('numberOfDoors', car.doors),
    ...optional('seatingCapacity', car.seats),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'AUD',
      ...(input.price === null ? {} : { price: input.price }),
      availability: offerAvailability(car),
      itemCondition: CONDITION[car.car_type] ?? CONDITION.used,
      seller: { '@type': 'AutoDealer', name: input.sellerName },
    },
  };
}

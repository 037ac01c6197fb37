import type { Car } from '../../schema/api/index.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { isAvailable } from '../../site/src/domain/availability.ts';
import { absoluteUrl } from '../../site/src/domain/page-head.ts';
import { priceDisplay } from '../../site/src/domain/price-display.ts';
import { vehicleTitle } from '../../site/src/domain/vehicle-title.ts';

/*
 * One car as the outside world sees it: the page's own title, link, photos and price (the price
 * rules of spec §4, as the vehicle page applies them), with absolute URLs. Google's vehicle
 * listings feed, Meta's automotive catalogue and the Algolia export all read this one mapping.
 */

/** Currency of every price on the platform (ISO 4217). */
export const CURRENCY = 'AUD';

/** A car for a marketplace. */
export interface CarListing {
  id: string;
  stocknum: string;
  vin: string | null;
  title: string;
  description: string;
  link: string;
  images: string[];
  /** The price the page shows (offer or car price); null when it shows none (POA, PREORDER). */
  price: number | null;
  currency: typeof CURRENCY;
  condition: 'new' | 'used';
  /** new, used or demo as the dealer lists it. */
  carType: string;
  make: string;
  model: string;
  trim: string | null;
  year: number;
  km: number;
  colour: string | null;
  body: string | null;
  transmission: string | null;
  fuel: string | null;
  drivetrain: string | null;
  available: boolean;
  dateInStock: string;
  store: { code: string; name: string; street: string; address: string; city: string; state: string; postcode: string; country: 'AU' };
}

/**
 * The outside-world listing of a car.
 * @param car the full car
 * @param tenant the resolved tenant (its URL, labels and title setting)
 * @param dealershipName the car's dealership
 */
export function carListing(car: Car, tenant: ResolvedTenant, dealershipName: string): CarListing {
  const price = priceDisplay(car, { mode: 'cash', subscriptionLayout: false, noPrice: tenant.labels.noPrice, preorder: tenant.labels.preorder, enquireForFinance: tenant.labels.enquireForFinance });
  const title = vehicleTitle(car, tenant.features.seriesInTitle);
  const address = car.location.address ?? '';
  const street = address.split(',')[0]?.trim() ?? '';
  const postcode = /\b(\d{4})$/.exec(address)?.[1] ?? '';
  const comments = car.dealercomments.replace(/\s+/g, ' ').trim();
  return {
    id: String(car.id),
    stocknum: car.stocknum,
    vin: car.vin,
    title,
    description: comments || `${title} at ${car.location.name}, ${car.location.city}.`,
    link: absoluteUrl(tenant.siteUrl, car.path),
    images: car.images.filter((i) => !i.video).map((i) => absoluteUrl(tenant.siteUrl, i.image.url)),
    price: price.kind === 'price' || price.kind === 'offer' ? price.amount : null,
    currency: CURRENCY,
    condition: car.car_type === 'new' ? 'new' : 'used',
    carType: car.car_type,
    make: car.make,
    model: car.model,
    trim: [car.badge, car.series].filter(Boolean).join(' ') || null,
    year: car.year,
    km: car.km,
    colour: car.colour,
    body: car.simple_body,
    transmission: car.simple_transmission,
    fuel: car.simple_fuel,
    drivetrain: car.simple_drive,
    available: isAvailable(car),
    dateInStock: new Date(car.created_at * 1000).toISOString().slice(0, 10),
    store: { code: car.location.slug, name: dealershipName, street, address: `${address}, AU`, city: car.location.city ?? '', state: car.location.state ?? '', postcode, country: 'AU' },
  };
}

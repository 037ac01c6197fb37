import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { PageHeadInput } from '../../lib/head.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { vehiclePrice } from './vehicle-price.ts';
import { formatNumber } from '../../../../schema/number-format.ts';

/** What the vehicle page's head says, worked out by the loader (so the entry chunk stays small). */
export interface VehicleHeadData {
  page: PageHeadInput & { canonicalPath: string };
  /** The Offer's view of the page: title, description, photos and the price shown (null: none). */
  offer: { title: string; description: string; images: string[]; price: number | null };
}

/** What the vehicle route's loader hands the page. */
export interface VehicleRouteData {
  car: Car;
  /** The render's clock (seconds): tags and the current year agree between server and browser. */
  nowSeconds: number;
  head: VehicleHeadData;
}

/**
 * The vehicle page's head: a unique title (title + stock number), a description with the price
 * and location, the canonical car URL and the car's first photo as the preview image; and what
 * the Vehicle/Offer JSON-LD says (the price and availability the page shows).
 */
export function vehicleHeadData(tenant: ResolvedTenant, car: Car): VehicleHeadData {
  const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
  const price = vehiclePrice(car, tenant);
  const priced = price.kind === 'price' || price.kind === 'offer';
  const facts = [car.item_type === 'caravan' ? null : `${formatNumber(car.km)} km`, car.simple_transmission, car.simple_fuel, car.simple_body].filter(Boolean).join(', ');
  const where = `${car.location.name}${car.location.city ? `, ${car.location.city}` : ''}`;
  const description = `${title} for ${priced ? price.text : price.text.replace(/\.$/, '').toLowerCase()} at ${where}. ${facts ? `${facts}. ` : ''}Stock ${car.stocknum}. Enquire or book a test drive with ${tenant.name}.`;
  const images = car.images.filter((image) => !image.video).map((image) => image.image.url);
  const image = images[0] ?? car.primary_image_url;
  return {
    page: { title: `${title} – Stock ${car.stocknum}`, description, canonicalPath: `/cars/${car.slug}`, ...(image ? { image } : {}), ogType: 'product' },
    offer: { title, description, images: images.slice(0, 10), price: priced ? price.amount : null },
  };
}

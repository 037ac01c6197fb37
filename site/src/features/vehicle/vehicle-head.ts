import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { pageHead, type RouteHead } from '../../app/head.ts';
import { vehicleJsonLd } from '../../domain/vehicle-offer.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { vehiclePrice } from './vehicle-price.ts';

/** What the vehicle route's loader hands the page. */
export interface VehicleRouteData {
  car: Car;
  /** The render's clock (seconds): tags and the current year agree between server and browser. */
  nowSeconds: number;
}

/**
 * The vehicle page's head: a unique title (title + stock number), a description with the price
 * and location, the canonical car URL, the car's first photo as the preview image and — on the
 * server — the schema.org Car/Offer with the price and availability the page shows.
 */
export function vehicleHead(tenant: ResolvedTenant, data: VehicleRouteData | undefined): RouteHead {
  if (!data) return pageHead(tenant, { title: 'Page not found', noindex: true });
  const { car } = data;
  const title = vehicleTitle(car, tenant.features.seriesInTitle);
  const price = vehiclePrice(car, tenant);
  const facts = [car.item_type === 'caravan' ? null : `${car.km.toLocaleString('en-AU')} km`, car.simple_transmission, car.simple_fuel, car.simple_body].filter(Boolean).join(', ');
  const description = `${title} for ${price.kind === 'price' || price.kind === 'offer' ? price.text : price.text.replace(/\.$/, '').toLowerCase()} at ${car.location.name}${car.location.city ? `, ${car.location.city}` : ''}. ${facts ? `${facts}. ` : ''}Stock ${car.stocknum}. Enquire or book a test drive with ${tenant.name}.`;
  const path = `/cars/${car.slug}`;
  const images = car.images.filter((image) => !image.video).map((image) => image.image.url);
  return pageHead(tenant, {
    title: `${title} – Stock ${car.stocknum}`,
    description,
    canonicalPath: path,
    image: images[0] ?? car.primary_image_url,
    ogType: 'product',
    jsonLd: import.meta.env.SSR
      ? [
          vehicleJsonLd({
            siteUrl: tenant.siteUrl,
            path,
            title,
            description,
            images: images.slice(0, 10),
            car,
            price: price.kind === 'price' || price.kind === 'offer' ? price.amount : null,
            sellerName: car.location.name,
          }),
        ]
      : [],
  });
}

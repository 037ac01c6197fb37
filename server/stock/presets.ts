import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

/*
 * The car fields an inventory feed carries (spec §3's names) and the spreadsheet layouts the
 * stock import knows. A tenant picks a preset (`stockFeed.preset`) and renames the columns its
 * dealer's export calls differently (`stockFeed.columns`).
 */

/** Every field a feed row may carry. */
export const FEED_FIELDS = [
  'stocknum', 'vin', 'rego', 'make', 'model', 'badge', 'series', 'year', 'km', 'price', 'before_price', 'colour', 'body',
  'transmission', 'fuel', 'drive', 'seats', 'doors', 'engine', 'location', 'comments', 'status', 'car_type', 'images',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** Fields a row cannot do without. */
export const REQUIRED_FIELDS: readonly FeedField[] = ['stocknum', 'make', 'model', 'year'];

/** The column heading of each field in each preset. */
export const PRESETS: Record<ResolvedTenant['stockFeed']['preset'], Record<FeedField, string>> = {
  // One plain heading per field, as a dealer's own spreadsheet usually has them.
  'stock-list': {
    stocknum: 'Stock No', vin: 'VIN', rego: 'Rego', make: 'Make', model: 'Model', badge: 'Badge', series: 'Series', year: 'Year',
    km: 'Odometer', price: 'Price', before_price: 'Was Price', colour: 'Colour', body: 'Body', transmission: 'Transmission', fuel: 'Fuel',
    drive: 'Drive', seats: 'Seats', doors: 'Doors', engine: 'Engine', location: 'Location', comments: 'Comments', status: 'Status',
    car_type: 'Condition', images: 'Photos',
  },
  // A dealer management system's export: run-together headings, engine in cc, a yard name, the
  // photo URLs in one cell separated by pipes.
  'dms-export': {
    stocknum: 'StockNumber', vin: 'ChassisVIN', rego: 'Registration', make: 'Make', model: 'Model', badge: 'Variant', series: 'Series',
    year: 'BuildYear', km: 'Kilometres', price: 'AdvertisedPrice', before_price: 'RRP', colour: 'ExteriorColour', body: 'BodyStyle',
    transmission: 'Gearbox', fuel: 'FuelType', drive: 'DriveType', seats: 'Seats', doors: 'Doors', engine: 'EngineCC', location: 'Yard',
    comments: 'SellersComments', status: 'StockStatus', car_type: 'NewUsedDemo', images: 'ImageURLs',
  },
};

/** A heading folded for matching: case, spaces, underscores and punctuation do not count. */
export function foldHeading(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * The column heading of every field for a tenant: its preset with its own renamings.
 * @param feed the tenant's `stockFeed`
 */
export function columnMapping(feed: Pick<ResolvedTenant['stockFeed'], 'preset' | 'columns'>): Record<FeedField, string> {
  const columns = feed.columns ?? {};
  const own: Record<FeedField, string | undefined> = {
    stocknum: columns.stocknum, vin: columns.vin, rego: columns.rego, make: columns.make, model: columns.model, badge: columns.badge,
    series: columns.series, year: columns.year, km: columns.km, price: columns.price, before_price: columns.before_price, colour: columns.colour,
    body: columns.body, transmission: columns.transmission, fuel: columns.fuel, drive: columns.drive, seats: columns.seats, doors: columns.doors,
    engine: columns.engine, location: columns.location, comments: columns.comments, status: columns.status, car_type: columns.car_type,
    images: columns.images,
  };
  const mapping = { ...PRESETS[feed.preset] };
  for (const field of FEED_FIELDS) mapping[field] = own[field] ?? mapping[field];
  return mapping;
}

import type { Car, CarSearchRecord } from '../../schema/api/index.ts';
import { formatMoney } from '../../schema/number-format.ts';
import type { CarJoinedRow } from './cars.ts';

/*
 * A car's row made into the Car record of spec §3 and its search record. No database access
 * here, so the stock worker thread loads this without the query builder.
 */

/**
 * Image URLs of a car's generated photos (served by the image route, default width 640).
 * @param id car id
 * @param position 1-based photo position
 */
export function carImageUrl(id: number, position: number): string {
  return `/images/cars/${id}/${position}.webp`;
}

const seconds = (d: Date | string | null): number | null => (d == null ? null : Math.floor(new Date(d).getTime() / 1000));

/**
 * Assembles the Car record of spec §3 from a joined row.
 * @param row the car with its location and dealership
 */
export function carFromRow(row: CarJoinedRow): Car {
  const d = row.details as Record<string, any>;
  // Imported cars list only the photos already downloaded (a page never links a missing one);
  // demo cars have their drawn photos 1..photos_count.
  const positions: number[] = Array.isArray(d.feed_photos) ? d.feed_photos : Array.from({ length: Number(d.photos_count ?? 0) }, (_, i) => i + 1);
  const photos = positions.length;
  const images = positions.map((p) => ({
    image: { url: carImageUrl(row.id, p), thumb: { url: `${carImageUrl(row.id, p)}?w=320` } },
  }));
  const spin = d.spin === true ? Array.from({ length: 36 }, (_, f) => `/images/cars/${row.id}/spin/${f}.webp`) : [];
  const name = [row.year, row.make, row.model, d.badge, d.series].filter(Boolean).join(' ');
  const sold = row.status === 'sold';
  const address = `${row.location_street}, ${row.location_city} ${row.location_state} ${row.location_postcode}`;
  return {
    id: row.id,
    slug: row.slug,
    path: `/cars/${row.slug}`,
    name,
    year: row.year,
    make: row.make,
    model: row.model,
    badge: d.badge ?? null,
    series: d.series ?? null,
    colour: row.colour,
    interior_colour: d.interior_colour ?? null,
    gearnum: d.gearnum ?? null,
    simple_transmission: d.simple_transmission ?? null,
    trans: d.trans ?? null,
    bodyconfiguration: d.bodyconfiguration ?? null,
    simple_body: row.simple_body,
    simple_fuel: row.simple_fuel,
    fuel: d.fuel ?? null,
    simple_drive: d.simple_drive ?? null,
    drive: d.drive ?? null,
    km: row.km,
    price: row.price,
    before_price: d.before_price ?? null,
    offer_price: d.offer_price ?? null,
    subscription_price: d.subscription_price ?? null,
    price_type: d.price_type ?? null,
    preorder: d.preorder === true,
    car_type: row.car_type as Car['car_type'],
    status: row.status as Car['status'],
    tag: d.tag ?? null,
    reserved: row.reserved,
    sold,
    certified: row.certified,
    created_at: seconds(row.created_at) ?? 0,
    stocknum: row.stocknum,
    vin: row.vin,
    nvic: d.nvic ?? null,
    has_nvic: Boolean(d.nvic),
    regplate: d.regplate ?? null,
    rego: row.rego,
    rego_expiry: d.rego_expiry ?? null,
    build_date: d.build_date ?? null,
    compliance_date: d.compliance_date ?? null,
    seats: d.seats ?? null,
    doors: d.doors ?? null,
    engine_size: d.engine_size ?? null,
    engine_size_litres: d.engine_size_litres ?? null,
    views: row.views,
    photos_count: photos,
    updated_at: new Date(row.updated_at).toISOString(),
    show_on_dealer_website: row.show_on_dealer_website,
    sample_stock: row.source === 'demo',
    sold_date_timestamp: sold ? seconds(row.sold_at) : null,
    dealercomments: d.dealercomments ?? '',
    city: row.location_city,
    state: row.location_state,
    private_suburb: d.private_suburb ?? null,
    private_postcode: d.private_postcode ?? null,
    carsales_title: d.carsales_title ?? null,
    item_type: row.item_type as Car['item_type'],
    file: d.file ?? null,
    images,
    thumbnails: images.map((i) => i.image.thumb.url),
    primary_image_url: images[0]?.image.url ?? null,
    video_url: d.video_url ?? null,
    external_video_url: d.external_video_url ?? null,
    videos: [],
    walkaround_videos: [],
    spin_images: spin,
    spin_interior_image: d.spin === true ? `/images/cars/${row.id}/interior.webp` : null,
    spin_code: d.spin_code ?? null,
    hotspots: d.hotspots ?? null,
    standardEquipment: d.standardEquipment ?? [],
    location: {
      id: row.location_id,
      name: row.location_name,
      slug: row.location_slug,
      phone: row.location_phone,
      address,
      city: row.location_city,
      state: row.location_state,
      distribution_locations: [],
    },
    location_id: row.location_id,
    location_name: row.location_name,
    dealership_id: row.dealership_id,
    dealership_slug: row.dealership_slug,
    youxQuote: d.youxQuote ?? null,
    autograb_data: d.autograb_data ?? null,
    finance_lenders: d.finance_lenders ?? {},
    caravan_specs: d.caravan_specs ?? null,
    variant: d.variant ?? null,
    reserve_deposit: d.reserve_deposit ?? null,
    rank: row.rank,
  };
}

const PRICE_BANDS = [0, 10_000, 20_000, 30_000, 40_000, 50_000, 75_000, 100_000, 150_000];

/**
 * Price band label of a price, e.g. "$20,000 - $30,000" or "$150,000+".
 * @param price dollars
 */
export function priceRange(price: number): string {
  for (let i = PRICE_BANDS.length - 1; i >= 0; i--) {
    const lo = PRICE_BANDS[i] ?? 0;
    if (price >= lo) {
      const hi = PRICE_BANDS[i + 1];
      return hi === undefined ? `${formatMoney(lo)}+` : `${formatMoney(lo)} - ${formatMoney(hi)}`;
    }
  }
  return `${formatMoney(0)} - ${formatMoney(10_000)}`;
}

/** The four figures of each lender the finance rule reads (spec §5), for the search record. */
function lenderRates(lenders: Car['finance_lenders']): CarSearchRecord['lender_rates'] {
  const rates: CarSearchRecord['lender_rates'] = {};
  for (const [key, figures] of Object.entries(lenders)) {
    rates[key] = { interestRate: figures.interestRate ?? null, comparisonRate: figures.comparisonRate ?? null, paymentWeek: figures.paymentWeek ?? null, paymentMonth: figures.paymentMonth ?? null };
  }
  return rates;
}

/**
 * The search record of a car (see CarSearchRecord in schema/api/car.ts).
 * @param car the full car
 * @param dealershipName its dealership's display name
 */
export function toSearchRecord(car: Car, dealershipName: string): CarSearchRecord {
  const categories: string[] = [];
  if (car.simple_body === 'SUV' || car.simple_body === 'People Mover' || (car.seats ?? 0) >= 7) categories.push('Family');
  if (car.simple_body === 'Ute' || car.simple_body === 'Cab Chassis' || car.simple_body === 'Van') categories.push('Work');
  if (car.simple_fuel === 'Electric' || car.simple_fuel === 'Hybrid' || car.simple_fuel === 'PHEV') categories.push('Eco');
  if (car.price > 0 && car.price < 20_000) categories.push('Under $20k');
  const weekly = car.youxQuote?.weeklyRepaymentAmount ?? null;
  return {
    objectID: String(car.id),
    id: car.id,
    slug: car.slug,
    path: car.path,
    name: car.name,
    year: car.year,
    make: car.make,
    model: car.model,
    make_model: `${car.make} ${car.model}`,
    badge: car.badge,
    series: car.series,
    colour: car.colour,
    simple_transmission: car.simple_transmission,
    simple_body: car.simple_body,
    simple_fuel: car.simple_fuel,
    simple_drive: car.simple_drive,
    body: car.simple_body,
    fuel: car.simple_fuel,
    transmission: car.simple_transmission,
    drive: car.simple_drive,
    km: car.km,
    price: car.price,
    before_price: car.before_price,
    offer_price: car.offer_price,
    subscription_price: car.subscription_price,
    preorder: car.preorder,
    car_type: car.car_type,
    status: car.status,
    tag: car.tag,
    reserved: car.reserved,
    sold: car.sold,
    certified: car.certified,
    created_at: car.created_at,
    created_at_timestamp: car.created_at,
    stocknum: car.stocknum,
    seats: car.seats,
    doors: car.doors,
    views: car.views,
    photos_count: car.photos_count,
    show_on_dealer_website: car.show_on_dealer_website,
    sample_stock: car.sample_stock,
    sold_date_timestamp: car.sold_date_timestamp,
    city: car.city,
    state: car.state,
    item_type: car.item_type,
    primary_image_url: car.primary_image_url,
    thumbnails: car.thumbnails.slice(0, 5),
    location_id: car.location_id,
    location_name: car.location_name,
    dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug,
    dealership_name: dealershipName,
    youxQuote: car.youxQuote,
    autograb_data: car.autograb_data,
    location_slug: car.location.slug,
    lender_rates: lenderRates(car.finance_lenders),
    weekly_price: weekly,
    price_range: priceRange(car.price),
    filtered_features: car.standardEquipment.slice(0, 12),
    categories,
    rank: car.rank,
  };
}

/**
 * Search records of cars read by `siteCarsJson`, in id order (what `loadSiteCars` and
 * `toSearchRecord` make of the same cars).
 * @param json the rows as JSON text
 */
export function searchRecordsFromJson(json: string): CarSearchRecord[] {
  const rows = JSON.parse(json) as CarJoinedRow[];
  rows.sort((a, b) => a.id - b.id);
  return rows.map((row) => toSearchRecord(carFromRow(row), row.dealership_name));
}

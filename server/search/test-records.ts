import type { CarSearchRecord } from '../../schema/api/car.ts';

/*
 * Deterministic stock for the search tests and the bench, independent of the demo-data seeder so
 * the engine can be measured at any size (10,000 or 100,000 cars) without a database.
 */

const MODELS: Record<string, [string, string[], string[]][]> = {
  Toyota: [
    ['Corolla', ['Ascent Sport', 'SX', 'ZR'], ['Hatch', 'Sedan']],
    ['HiLux', ['Workmate', 'SR', 'SR5', 'Rogue'], ['Ute']],
    ['RAV4', ['GX', 'GXL', 'Cruiser', 'Edge'], ['SUV']],
    ['LandCruiser', ['GX', 'GXL', 'VX', 'Sahara'], ['SUV']],
  ],
  Mazda: [
    ['CX-5', ['Maxx', 'Maxx Sport', 'Touring', 'Akera'], ['SUV']],
    ['Mazda3', ['G20 Pure', 'G25 Evolve', 'G25 Astina'], ['Hatch', 'Sedan']],
    ['BT-50', ['XT', 'XTR', 'GT', 'Thunder'], ['Ute']],
  ],
  Ford: [
    ['Ranger', ['XL', 'XLT', 'Sport', 'Wildtrak', 'Raptor'], ['Ute']],
    ['Everest', ['Ambiente', 'Trend', 'Sport', 'Platinum'], ['SUV']],
    ['Mustang', ['GT', 'Mach 1'], ['Coupe', 'Convertible']],
  ],
  Hyundai: [
    ['i30', ['Active', 'Elite', 'N Line'], ['Hatch', 'Sedan']],
    ['Tucson', ['Elite', 'Highlander', 'N Line'], ['SUV']],
    ['Ioniq 5', ['Dynamiq', 'Techniq', 'Epiq'], ['SUV']],
  ],
  Kia: [
    ['Sportage', ['S', 'SX', 'GT-Line'], ['SUV']],
    ['Cerato', ['S', 'Sport', 'GT'], ['Hatch', 'Sedan']],
    ['EV6', ['Air', 'GT-Line', 'GT'], ['SUV']],
  ],
  Mitsubishi: [
    ['Triton', ['GLX', 'GLS', 'GSR'], ['Ute']],
    ['Outlander', ['ES', 'LS', 'Aspire', 'Exceed'], ['SUV']],
  ],
  Škoda: [
    ['Octavia', ['110TSI Style', 'RS'], ['Sedan', 'Wagon']],
    ['Kodiaq', ['Style', 'Sportline', 'RS'], ['SUV']],
  ],
  Citroën: [['C5 Aircross', ['Shine'], ['SUV']]],
  Tesla: [['Model 3', ['Rear-Wheel Drive', 'Long Range', 'Performance'], ['Sedan']]],
  BYD: [['Atto 3', ['Standard Range', 'Extended Range'], ['SUV']]],
};

const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Bronze'];
const FUELS = ['Petrol', 'Diesel', 'Electric', 'Hybrid', 'PHEV'];
const LOCATIONS = [
  { id: 1, name: 'Brisbane City', city: 'Brisbane', state: 'QLD' },
  { id: 2, name: 'Gold Coast', city: 'Southport', state: 'QLD' },
  { id: 3, name: 'Parramatta', city: 'Parramatta', state: 'NSW' },
  { id: 4, name: 'Melbourne Docklands', city: 'Docklands', state: 'VIC' },
  { id: 5, name: 'Osborne Park', city: 'Osborne Park', state: 'WA' },
];
const FEATURES = ['Apple CarPlay', 'Sunroof', 'Tow Bar', 'Heated Seats', '360 Camera', 'Bull Bar'];
const TAGS = [null, null, null, 'Test Drive Only', 'Price Drop', 'Certified Pre-Owned'];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function priceBand(price: number): string {
  const low = Math.floor(price / 10_000) * 10_000;
  return `$${low.toLocaleString('en-AU')} - $${(low + 10_000).toLocaleString('en-AU')}`;
}

/** `count` deterministic search records (same seed, same records), shaped as CarSearchRecord. */
export function generateSearchRecords(count: number, seed = 1): CarSearchRecord[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const makes = Object.keys(MODELS);
  const now = 1_767_225_600; // 2026-01-01T00:00:00Z, fixed so results never depend on the clock
  const records: CarSearchRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = i + 1;
    const make = pick(makes);
    const [model, badges, bodies] = pick(MODELS[make] as [string, string[], string[]][]);
    const badge = random() < 0.1 ? null : pick(badges);
    const series = random() < 0.5 ? null : pick(['MY24', 'MY25', 'Series II', 'AXAH54R']);
    const carType = pick(['new', 'used', 'used', 'used', 'demo'] as const);
    const year = carType === 'used' ? 2010 + Math.floor(random() * 15) : 2025;
    const price = random() < 0.02 ? 0 : Math.round((8_000 + random() * 120_000) / 10) * 10;
    const km = carType === 'new' ? 0 : Math.floor(random() * 250_000);
    const status = pick(['in_stock', 'in_stock', 'in_stock', 'coming_soon', 'sold'] as const);
    const fuel = make === 'Tesla' || model === 'EV6' || model === 'Ioniq 5' || make === 'BYD' ? 'Electric' : pick(FUELS);
    const location = pick(LOCATIONS);
    const createdAt = now - Math.floor(random() * 400 * 86_400);
    const body = pick(bodies);
    const transmission = random() < 0.85 ? 'Automatic' : 'Manual';
    const drive = pick(['FWD', 'RWD', 'AWD', '4WD']);
    const name = [year, make, model, badge, series].filter((part) => part !== null).join(' ');
    const stocknum = `${pick(['AB', 'QL', 'NS', 'VC'])}-${String(1000 + ((i * 7919) % 9000))}${i >= 9000 ? `-${i}` : ''}`;
    const features = FEATURES.filter(() => random() < 0.3);
    const weekly = price > 0 && random() < 0.6 ? Math.round(price / 260) : null;
    records.push({
      id,
      objectID: String(id),
      slug: `${year}-${make}-${model}-${id}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-'),
      path: `/cars/${id}`,
      name,
      year,
      make,
      model,
      badge,
      series,
      colour: pick(COLOURS),
      simple_transmission: transmission,
      simple_body: body,
      simple_fuel: fuel,
      simple_drive: drive,
      km,
      price,
      before_price: random() < 0.1 ? price + 2_000 : null,
      offer_price: null,
      subscription_price: random() < 0.1 ? Math.round(price / 100) : null,
      preorder: false,
      car_type: carType,
      status,
      tag: pick(TAGS),
      reserved: random() < 0.05,
      sold: status === 'sold',
      certified: carType === 'used' && random() < 0.3,
      created_at: createdAt,
      stocknum,
      seats: body === 'Ute' ? pick([2, 5]) : 5,
      doors: body === 'Coupe' ? 2 : 4,
      views: Math.floor(random() * 500),
      photos_count: 1 + Math.floor(random() * 40),
      show_on_dealer_website: random() < 0.97,
      sample_stock: false,
      sold_date_timestamp: status === 'sold' ? createdAt + 86_400 : null,
      city: location.city,
      state: location.state,
      item_type: 'car',
      primary_image_url: `/images/cars/${id}/1.webp`,
      thumbnails: [`/images/cars/${id}/1.webp?w=320`],
      location_id: location.id,
      location_name: location.name,
      dealership_id: 1,
      dealership_slug: 'demo-motors',
      youxQuote: null,
      autograb_data: null,
      rank: Math.floor(random() * 100),
      make_model: `${make} ${model}`,
      dealership_name: 'Demo Motors',
      body,
      fuel,
      transmission,
      drive,
      created_at_timestamp: createdAt,
      location_slug: `location-${location.id}`,
      lender_rates: {},
      weekly_price: weekly,
      price_range: priceBand(price),
      filtered_features: features,
      categories: body === 'SUV' || body === 'Wagon' ? ['Family', body] : [body],
    });
  }
  return records;
}

import { computeQuote, LENDERS, lenderFigures } from '../finance.ts';
import { isPurchasable } from '../../site/src/domain/availability.ts';
import { isQuoteEligible } from '../../site/src/domain/finance.ts';
import {
  CARAVANS,
  CAR_MAKES,
  COLOURS,
  EQUIPMENT,
  INTERIOR_COLOURS,
  MOTORCYCLE_MAKES,
  TRUCK_MAKES,
  type CatalogCaravan,
  type CatalogMake,
  type CatalogModel,
} from './catalog.ts';
import { slugify, type Rng } from './random.ts';
import type { FinanceLenders } from '../../schema/api/index.ts';

/*
 * One demo car, generated from the catalogue. Everything is derived from the seeded Rng and the
 * reference time, so a seed run is reproducible.
 */

/** What the generator needs to know about where a car is stocked. */
export interface StockContext {
  template: string;
  financeProvider: string | undefined;
  /** The provider's name as shoppers read it (the tenant's finance.providerName). */
  financeProviderName?: string | undefined;
  soldWindowDays: number;
  dealershipSlug: string;
  dealershipCode: string;
  makes: string[];
  state: string;
  city: string;
  postcode: string;
  itemType: 'car' | 'caravan' | 'motorcycle' | 'truck';
  certifiedOnly: boolean;
  usedOnly: boolean;
  /**
   * A car sold before the sold window: the dealer's records keep it, the site no longer lists it
   * and its page answers 410 Gone.
   */
  soldBeforeWindow?: boolean;
}

/** A generated car, ready to insert (ids assigned by the database). */
export interface GeneratedCar {
  slug: string;
  stocknum: string;
  item_type: string;
  car_type: 'new' | 'used' | 'demo';
  status: 'in_stock' | 'coming_soon' | 'sold';
  make: string;
  model: string;
  year: number;
  price: number;
  km: number;
  colour: string;
  simple_body: string;
  simple_fuel: string | null;
  reserved: boolean;
  certified: boolean;
  show_on_dealer_website: boolean;
  rego: string | null;
  rego_state: string | null;
  vin: string | null;
  views: number;
  rank: number;
  created_at: Date;
  sold_at: Date | null;
  details: Record<string, unknown>;
  images: { position: number; kind: 'photo' | 'spin' | 'interior'; angle: string }[];
}

const DAY = 86_400_000;
const PHOTO_ANGLES = ['front-three-quarter', 'side', 'rear-three-quarter', 'front', 'rear', 'interior', 'dashboard', 'rear-seats', 'boot', 'wheel'];
/** What a listing photographs, per kind of stock (server/images.ts draws each angle). */
const KIND_PHOTO_ANGLES: Record<string, string[]> = {
  car: PHOTO_ANGLES,
  motorcycle: ['front-three-quarter', 'side', 'rear-three-quarter', 'front', 'rear', 'cockpit', 'engine', 'tank', 'exhaust', 'wheel'],
  truck: ['front-three-quarter', 'side', 'rear-three-quarter', 'front', 'rear', 'dashboard', 'chassis', 'engine', 'wheel'],
  caravan: ['front-three-quarter', 'side', 'rear-three-quarter', 'awning', 'drawbar', 'lounge', 'kitchen', 'bedroom', 'bathroom', 'front', 'rear'],
};

const MOTORCYCLE_EQUIPMENT = [
  'ABS', 'Cornering ABS', 'Traction Control', 'Riding Modes', 'Quickshifter', 'Cruise Control', 'Heated Grips',
  'TFT Display', 'Bluetooth Connectivity', 'LED Lighting', 'Slipper Clutch', 'USB Charging', 'Keyless Ignition',
  'Tyre Pressure Monitoring', 'Panniers', 'Top Box', 'Crash Bars', 'Tank Pad', 'Tinted Screen', 'Tail Tidy',
];
const TRUCK_EQUIPMENT = [
  'Reversing Camera', 'Autonomous Emergency Braking', 'Lane Departure Warning', 'Cruise Control', 'Exhaust Brake',
  'Bluetooth Connectivity', 'Apple CarPlay', 'Air-Suspended Driver Seat', 'Air Conditioning', 'Dual Batteries',
  'Power Take-Off (PTO)', 'Tow Hitch', 'Alloy Tray Body', 'Tipper Body', 'Pantech Body', 'Tautliner Body',
  'Tail Lift', 'Toolboxes', 'Reversing Beeper', 'Fleet Telematics',
];
const MOTORCYCLE_TAGS = ['Low Kms', 'One Owner', 'Price Drop', 'Full Service History'];
const TRUCK_TAGS = ['Fleet Maintained', 'Low Kms', 'Price Drop', 'One Owner', 'Full Service History'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const WMI: Record<string, string> = {
  Audi: 'WAU', Lexus: 'JTJ', Porsche: 'WP0', Volvo: 'YV1', 'Land Rover': 'SAL', Holden: '6G1', Triumph: 'SMT', KTM: 'VBK', Crusader: '6C9',
  Toyota: 'JTM', Ford: 'MPB', Mazda: 'JM0', Hyundai: 'KMH', Kia: 'KNA', Mitsubishi: 'MMA', Isuzu: 'MP1',
  Volkswagen: 'WVW', Nissan: 'JN1', Subaru: 'JF1', MG: 'LSJ', Tesla: 'LRW', BYD: 'LGX', GWM: 'LGW', Honda: 'JHM',
  BMW: 'WBA', 'Mercedes-Benz': 'W1N', Suzuki: 'JS3', 'Harley-Davidson': '1HD', Yamaha: 'JYA', Kawasaki: 'JKA',
  Hino: 'JHH', Fuso: 'JLF', Jayco: '6T9', Avan: '6A8', Coromal: '6C7',
};

const COMMENT_OPENERS = [
  'Just traded in and ready for its next owner.',
  'Presented in excellent condition inside and out.',
  'One of the cleanest examples on the market.',
  'Full service history with our workshop.',
  'Low kilometres for the year and driven with care.',
  'Perfect for the family, the daily commute or a weekend away.',
];
const COMMENT_MIDDLES = [
  'It comes with two keys, owner manuals and a fresh roadworthy certificate.',
  'Our technicians have completed a multi-point inspection and replaced anything that did not meet our standard.',
  'Finance is available on the spot with approval in as little as an hour, subject to lending criteria.',
  'Trade-ins are welcome: bring your current car in for an on-the-spot valuation.',
  'Nationwide delivery can be arranged to your door; ask us for a quote to your postcode.',
  'Extended warranty options are available for extra peace of mind.',
  'The tyres have plenty of tread left and the brakes have just been checked.',
  'It has been detailed by our team and is ready to drive away today.',
];
const COMMENT_CLOSERS = [
  'Call us today to book a test drive.',
  'Enquire now, cars like this do not last long.',
  'Visit our showroom and see it for yourself.',
  'Send us an enquiry and our sales team will get straight back to you.',
];

const TAGS = ['Low Kms', 'One Owner', 'Test Drive Only', 'Price Drop', 'Family Favourite', 'Full Service History', 'Log Books'];

function vin(rng: Rng, make: string, year: number): string {
  const wmi = (WMI[make] ?? 'MR0').padEnd(3, 'X').slice(0, 3);
  let body = '';
  for (let i = 0; i < 6; i++) body += rng.pick([...VIN_CHARS]);
  const yearCode = 'ABCDEFGHJKLMNPRSTVWXY123456789'[(year - 2010 + 30) % 30] ?? 'A';
  let serial = '';
  for (let i = 0; i < 6; i++) serial += String(rng.int(0, 9));
  return `${wmi}${body}${rng.pick([...VIN_CHARS])}${yearCode}${rng.pick(['A', 'B', 'C', 'K', 'U'])}${serial}`.slice(0, 17);
}

function rego(rng: Rng, state: string): string {
  const L = () => rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ']);
  const D = () => String(rng.int(0, 9));
  switch (state) {
    case 'NSW': return `${L()}${L()}${D()}${D()}${L()}${L()}`;
    case 'VIC': return `${D()}${L()}${L()}${D()}${L()}${L()}`;
    case 'SA': return `S${D()}${D()}${D()}${L()}${L()}${L()}`;
    case 'WA': return `1${L()}${L()}${L()}${D()}${D()}${D()}`;
    case 'TAS': return `${L()}${D()}${D()}${L()}${L()}`;
    case 'ACT': return `Y${L()}${L()}${D()}${D()}${L()}`;
    case 'NT': return `C${L()}${D()}${D()}${L()}${L()}`;
    default: return `${D()}${D()}${D()}${L()}${L()}${L()}`;
  }
}

function dealerComments(rng: Rng, title: string): string {
  const roll = rng.next();
  if (roll < 0.18) return '';
  const sentences = [rng.pick(COMMENT_OPENERS), `This ${title} is ready to go.`];
  const long = roll > 0.75;
  for (const s of rng.sample(COMMENT_MIDDLES, long ? 6 : rng.int(1, 2))) sentences.push(s);
  sentences.push(rng.pick(COMMENT_CLOSERS));
  return sentences.join(' ');
}

function roundPrice(price: number): number {
  if (price < 2000) return Math.round(price);
  return Math.max(990, Math.round(price / 500) * 500 - 10);
}

function makesFor(ctx: StockContext): CatalogMake[] {
  const pool = ctx.itemType === 'motorcycle' ? MOTORCYCLE_MAKES : ctx.itemType === 'truck' ? TRUCK_MAKES : CAR_MAKES;
  const wanted = new Set(ctx.makes.map((m) => m.toLowerCase()));
  const matched = pool.filter((m) => wanted.has(m.make.toLowerCase()));
  return matched.length > 0 ? matched : pool;
}

/**
 * Generates one stock item for a dealership.
 * @param rng seeded randomness
 * @param ctx the dealership and tenant context
 * @param serial running number within the dealership (stock numbers)
 * @param now reference time (start of the seeding day)
 */
export function generateCar(rng: Rng, ctx: StockContext, serial: number, now: number): GeneratedCar {
  if (ctx.itemType === 'caravan') {
    const wanted = new Set(ctx.makes.map((m) => m.toLowerCase()));
    const lines = CARAVANS.filter((c) => wanted.has(c.make.toLowerCase()));
    return generateCaravan(rng, ctx, serial, now, rng.pick(lines.length > 0 ? lines : CARAVANS));
  }
  const make = rng.weighted(makesFor(ctx), (m) => m.weight);
  const model = rng.pick(make.models);
  if (ctx.itemType === 'motorcycle') return generateMotorcycle(rng, ctx, serial, now, make, model);
  if (ctx.itemType === 'truck') return generateTruck(rng, ctx, serial, now, make, model);
  return generateVehicle(rng, ctx, serial, now, make, model);
}

function carType(rng: Rng, ctx: StockContext): 'new' | 'used' | 'demo' {
  if (ctx.usedOnly || ctx.certifiedOnly) return 'used';
  if (ctx.template === 'used-car-superstore') return rng.chance(0.92) ? 'used' : 'demo';
  if (ctx.template === 'brand') return rng.weighted(['new', 'demo', 'used'] as const, (t) => (t === 'new' ? 50 : t === 'demo' ? 12 : 38));
  return rng.weighted(['new', 'demo', 'used'] as const, (t) => (t === 'new' ? 30 : t === 'demo' ? 8 : 62));
}

function lifecycle(rng: Rng, ctx: StockContext, now: number, price: number) {
  if (ctx.soldBeforeWindow) {
    const sold_at = new Date(now - (ctx.soldWindowDays + 1 + rng.next() * 60) * DAY);
    const created_at = new Date(sold_at.getTime() - (14 + rng.next() * 120) * DAY);
    return { status: 'sold' as const, created_at, sold_at, reserved: false };
  }
  const roll = rng.next();
  const status: GeneratedCar['status'] = roll < 0.08 ? 'sold' : roll < 0.14 ? 'coming_soon' : 'in_stock';
  // Stock arrives continuously: ~12% listed within the last 8 days so "just arrived" shows.
  const ageDays = rng.chance(0.12) ? rng.next() * 8 : 8 + rng.next() ** 1.6 * 170;
  const created_at = new Date(now - ageDays * DAY - rng.int(0, 86_399) * 1000);
  const sold_at =
    status === 'sold'
      ? new Date(Math.max(created_at.getTime(), now - rng.next() * Math.max(ctx.soldWindowDays, 0.25) * DAY))
      : null;
  // Only a car the shopper could reserve may have been reserved (the demo keeps holds to cars over $5,000).
  const reserved = isPurchasable({ status, price }) && price > 5000 && rng.chance(0.03);
  return { status, created_at, sold_at, reserved };
}

function finance(rng: Rng, ctx: StockContext, price: number, year: number, currentYear: number) {
  const keys = new Set<string>(['manual']);
  if (ctx.financeProvider) keys.add(ctx.financeProvider);
  for (const l of rng.sample(LENDERS, rng.int(1, 3))) keys.add(l.key);
  const age = Math.max(0, currentYear - year);
  const lenders: Record<string, ReturnType<typeof lenderFigures>> = {};
  for (const key of [...keys].sort()) {
    const preset = LENDERS.find((l) => l.key === key) ?? { minRate: 7.5, maxRate: 14.5 };
    const rate = Math.round(Math.min(preset.maxRate, preset.minRate + age * 0.35 + rng.next() * 1.5) * 100) / 100;
    lenders[key] = lenderFigures(key, price, rate, key === ctx.financeProvider ? ctx.financeProviderName : undefined);
  }
  return lenders;
}

function media(rng: Rng, itemType: string) {
  const photos = rng.int(itemType === 'car' ? 6 : 5, itemType === 'car' ? 16 : 12);
  const images: GeneratedCar['images'] = [];
  const angles = KIND_PHOTO_ANGLES[itemType] ?? PHOTO_ANGLES;
  for (let i = 1; i <= photos; i++) images.push({ position: i, kind: 'photo', angle: angles[(i - 1) % angles.length] ?? 'side' });
  const hasSpin = itemType === 'car' && rng.chance(0.12);
  if (hasSpin) {
    for (let f = 0; f < 36; f++) images.push({ position: f, kind: 'spin', angle: String(f * 10) });
    images.push({ position: 0, kind: 'interior', angle: 'panorama' });
  }
  return { photos, hasSpin, images };
}

function hotspots(rng: Rng) {
  const ext = ['LED headlights with auto high beam', 'Alloy wheels', 'Power-folding mirrors', 'Tow bar fitted', 'Roof rails'];
  const int = ['Touchscreen with Apple CarPlay and Android Auto', 'Leather-appointed seats', 'Dual-zone climate control'];
  const mk = (list: string[], prefix: string) =>
    rng.sample(list, rng.int(2, 3)).map((description, i) => ({
      id: `${prefix}-${i + 1}`,
      description,
      anchors: [],
      // Each hotspot in its own third of the frame, so two markers never cover each other.
      positions: [0, 90, 180, 270].map((activeAngle) => ({ activeAngle, posX: 15 + i * 30 + rng.int(0, 10), posY: rng.int(25, 75) })),
    }));
  return { exterior: mk(ext, 'ext'), interior: mk(int, 'int') };
}

function generateVehicle(rng: Rng, ctx: StockContext, serial: number, now: number, make: CatalogMake, line: CatalogModel): GeneratedCar {
  const currentYear = new Date(now).getUTCFullYear();
  // Discontinued lines (Holden) only exist as used stock.
  const type = line.until !== undefined ? 'used' : carType(rng, ctx);
  const badgeIndex = rng.int(0, line.badges.length - 1);
  const badge = line.badges[badgeIndex] ?? '';
  const age = type === 'new' ? 0 : type === 'demo' ? rng.int(0, 1) : Math.min(14, Math.max(1, Math.round(rng.next() ** 1.4 * 11) + 1));
  // A used car is never older than its model line in Australia.
  const year = Math.min(Math.max(currentYear - age, line.since), line.until ?? currentYear);
  const series = line.series;
  const fuel = rng.pick(line.fuels);
  const drive = rng.pick(line.drives);
  const manual = line.manual === true && type === 'used' && rng.chance(0.25);
  const km =
    type === 'new' ? rng.int(5, 60) : type === 'demo' ? rng.int(800, 9500) : Math.round(((currentYear - year) * rng.int(9000, 21000) + rng.int(3000, 12000)) / 10) * 10;
  const newPrice = line.basePrice + line.badgeStep * badgeIndex;
  const depreciation = type === 'new' ? 1 : type === 'demo' ? 0.9 : 0.86 ** Math.max(1, currentYear - year) * Math.max(0.55, 1 - km / 600_000);
  const price = roundPrice(newPrice * depreciation * (0.95 + rng.next() * 0.1));
  const colour = rng.weighted(COLOURS, (c) => c.weight);
  const life = lifecycle(rng, ctx, now, price);
  const certified = type === 'used' && (ctx.certifiedOnly || (age <= 5 && km < 100_000 && rng.chance(0.35)));
  const title = `${year} ${make.make} ${line.model} ${badge}`;
  const stocknum = `${ctx.dealershipCode}${String(10000 + serial)}`;
  const slug = slugify(`${title} ${stocknum}`);
  const regoPlate = type === 'new' ? null : rego(rng, ctx.state);
  const trans = manual ? `${line.fuels[0] === 'Electric' ? 1 : 6} Speed Manual` : fuel === 'Electric' ? '1 Speed Reduction Gear' : `${rng.pick([6, 8, 'CVT'])} ${'Automatic'}`.replace('CVT Automatic', 'Constant Variable Transmission');
  const simpleTransmission = manual ? 'Manual' : 'Automatic';
  const bodyLabel = line.body === 'Ute' ? 'Dual Cab Utility' : line.body;
  const driveLabel = drive === '4WD' ? 'Four Wheel Drive' : drive === 'AWD' ? 'All Wheel Drive' : drive === 'RWD' ? 'Rear Wheel Drive' : 'Front Wheel Drive';
  const lenders = finance(rng, ctx, price, year, currentYear);
  const { photos, hasSpin, images } = media(rng, ctx.itemType);
  const quoteEligible = isQuoteEligible({ status: life.status, reserved: life.reserved, price });
  const avg = type === 'new' ? null : Math.round(price * (0.96 + rng.next() * 0.16));
  const offer = type !== 'used' && rng.chance(0.15) ? roundPrice(price * 0.95) : null;
  // The quote service's own answer for this car at the price it is offered at (one calculation:
  // the API answers the same).
  const quote = quoteEligible ? computeQuote(offer !== null && offer > 10 && offer < price ? offer : price, year, lenders, currentYear) : null;
  const before = type === 'used' && rng.chance(0.12) ? roundPrice(price * 1.06) : null;
  const engine = line.engineLitres;
  const details: Record<string, unknown> = {
    badge,
    series,
    interior_colour: rng.pick(INTERIOR_COLOURS),
    gearnum: manual ? 6 : fuel === 'Electric' ? 1 : 8,
    simple_transmission: simpleTransmission,
    trans,
    bodyconfiguration: bodyLabel,
    fuel: fuel === 'PHEV' ? 'Plug-in Hybrid Petrol/Electric' : fuel === 'Hybrid' ? 'Hybrid Petrol/Electric' : fuel === 'Electric' ? 'Electric' : fuel === 'Diesel' ? 'Diesel' : 'Unleaded Petrol',
    simple_drive: drive,
    drive: driveLabel,
    before_price: before,
    offer_price: offer,
    subscription_price: ctx.template === 'used-car-superstore' && type === 'used' && price > 12000 && rng.chance(0.4) ? Math.round(price / 160 / 5) * 5 + 99 : null,
    price_type: type === 'new' ? 'Drive Away' : 'Excl. Government Charges',
    preorder: type === 'new' && life.status === 'coming_soon' && rng.chance(0.3),
    tag: rng.chance(0.12) ? rng.pick(TAGS) : null,
    nvic: ctx.itemType === 'car' ? `${slugify(make.make).slice(0, 2).toUpperCase()}${rng.int(100, 999)}${year % 100}` : null,
    regplate: regoPlate,
    rego_expiry: regoPlate ? new Date(now + rng.int(30, 360) * DAY).toISOString().slice(0, 10) : null,
    ...builtAndComplied(`${year}-${String(rng.int(1, 12)).padStart(2, '0')}`, `${year}-${String(rng.int(1, 12)).padStart(2, '0')}`),
    seats: line.seats,
    doors: line.doors,
    engine_size: engine ? Math.round(engine * 1000) : null,
    engine_size_litres: engine,
    photos_count: photos,
    spin: hasSpin,
    dealercomments: dealerComments(rng, `${make.make} ${line.model}`),
    private_suburb: null,
    private_postcode: null,
    carsales_title: `${title} ${bodyLabel} ${simpleTransmission} ${driveLabel}`.replace(/\s+/g, ' '),
    file: type === 'used' && rng.chance(0.4) ? `/api/cars/${slug}/history-report.pdf` : null,
    video_url: null,
    external_video_url: rng.chance(0.05) ? 'https://www.youtube.com/embed/' : null,
    spin_code: hasSpin ? `SPN-${stocknum}` : null,
    hotspots: hasSpin ? hotspots(rng) : null,
    standardEquipment: rng.sample(EQUIPMENT, rng.int(8, 20)).sort(),
    youxQuote: quote && rng.chance(0.7) ? quote : null,
    autograb_data: avg != null && rng.chance(0.8) ? { average_market_price: avg, state_average_market_price: rng.chance(0.7) ? Math.round(avg * (0.97 + rng.next() * 0.06)) : null } : null,
    finance_lenders: lenders,
    caravan_specs: null,
    variant: {
      cylinders: line.cylinders,
      enginesize: engine ? Math.round(engine * 1000) : null,
      enginesize_litres: engine,
      induction: fuel === 'Electric' ? null : rng.pick(['Turbo', 'Aspirated']),
      fuelconsumptioncombined: fuel === 'Electric' ? null : Math.round((fuel === 'Hybrid' ? 4.5 : fuel === 'PHEV' ? 2.0 : fuel === 'Diesel' ? 7.8 : 7.2) * (0.85 + rng.next() * 0.4) * 10) / 10,
      fuelcapacity: fuel === 'Electric' ? null : line.body === 'Ute' || line.body === 'SUV' ? 80 : 50,
      grossvehiclemass: line.body === 'Ute' ? 3100 : line.body === 'Cab Chassis' ? 7500 : 2300,
      vehiclelength: line.body === 'Ute' ? 5370 : line.body === 'Hatch' ? 4370 : 4700,
      vehicleheight: line.body === 'SUV' ? 1700 : 1450,
      vehiclewidth: 1850,
      towingcapacitybraked: line.body === 'Ute' || line.body === 'SUV' ? rng.pick([1500, 2000, 2500, 3500]) : 750,
      bodyconfiguration: bodyLabel,
      torque: rng.int(140, 600),
      ancaprating: year >= 2018 ? 5 : rng.pick([4, 5]),
      geartype: simpleTransmission,
    },
    reserve_deposit: price >= 50_000 ? 500 : null,
  };
  const rank = Math.round((life.status === 'sold' ? 0 : 1000) + (photos * 10) + (certified ? 50 : 0) + rng.next() * 400);
  return {
    slug,
    stocknum,
    item_type: ctx.itemType,
    car_type: type,
    status: life.status,
    make: make.make,
    model: line.model,
    year,
    price,
    km,
    colour: colour.name,
    simple_body: line.body,
    simple_fuel: fuel,
    reserved: life.reserved,
    certified,
    show_on_dealer_website: rng.chance(0.98),
    rego: regoPlate,
    rego_state: regoPlate ? ctx.state : null,
    vin: vin(rng, make.make, year),
    views: Math.round(rng.next() ** 2 * 900),
    rank,
    created_at: life.created_at,
    sold_at: life.sold_at,
    details: { ...details, colour_hex: colour.hex },
    images,
  };
}

function generateCaravan(rng: Rng, ctx: StockContext, serial: number, now: number, line: CatalogCaravan): GeneratedCar {
  const currentYear = new Date(now).getUTCFullYear();
  const type = carType(rng, { ...ctx, template: 'dealer-group' });
  const age = type === 'new' ? 0 : type === 'demo' ? rng.int(0, 1) : rng.int(1, 10);
  const year = currentYear - age;
  const badge = rng.pick(line.badges);
  const price = roundPrice(line.basePrice * (type === 'used' ? 0.88 ** age : type === 'demo' ? 0.92 : 1) * (0.95 + rng.next() * 0.1));
  const life = lifecycle(rng, ctx, now, price);
  const colour = rng.pick(COLOURS.slice(0, 3));
  const stocknum = `${ctx.dealershipCode}${String(10000 + serial)}`;
  const title = `${year} ${line.make} ${line.model} ${badge}`;
  const slug = slugify(`${title} ${stocknum}`);
  const { photos, images } = media(rng, 'caravan');
  const lengthM = Math.round((line.lengthFt * 0.3048 + rng.next() * 0.3) * 100) / 100;
  const details: Record<string, unknown> = {
    badge,
    series: line.series,
    interior_colour: rng.pick(['Oak Timber', 'Walnut', 'Light Grey', 'Coastal White']),
    gearnum: null,
    simple_transmission: null,
    trans: null,
    bodyconfiguration: line.offroad ? 'Off-Road Caravan' : 'Touring Caravan',
    fuel: null,
    simple_drive: null,
    drive: null,
    before_price: null,
    offer_price: type === 'new' && rng.chance(0.2) ? roundPrice(price * 0.95) : null,
    subscription_price: null,
    price_type: type === 'new' ? 'Drive Away' : 'Excl. Government Charges',
    preorder: false,
    tag: rng.chance(0.15) ? rng.pick(['Family Favourite', 'Off-Grid Ready', 'Price Drop']) : null,
    nvic: null,
    regplate: type === 'new' ? null : rego(rng, ctx.state),
    rego_expiry: null,
    ...builtAndComplied(`${year}-${String(rng.int(1, 12)).padStart(2, '0')}`, `${year}-${String(rng.int(1, 12)).padStart(2, '0')}`),
    seats: null,
    doors: 1,
    engine_size: null,
    engine_size_litres: null,
    photos_count: photos,
    spin: false,
    dealercomments: dealerComments(rng, `${line.make} ${line.model}`),
    private_suburb: null,
    private_postcode: null,
    carsales_title: `${title} ${line.offroad ? 'Off-Road' : 'Touring'} Caravan`,
    file: null,
    video_url: null,
    external_video_url: null,
    spin_code: null,
    hotspots: null,
    standardEquipment: rng.sample(['Solar panels', 'Lithium battery', 'Ensuite', 'Queen bed', 'Diesel heater', 'Outdoor kitchen', 'Reverse-cycle air conditioning', 'Washing machine', 'Bunk beds', 'Awning', 'Water tanks 2 x 95 L'], rng.int(5, 9)).sort(),
    youxQuote: null,
    autograb_data: null,
    finance_lenders: finance(rng, ctx, price, year, currentYear),
    caravan_specs: {
      body_width: Math.round((2.3 + rng.next() * 0.2) * 100) / 100,
      body_length: lengthM,
      tare_weight: line.tare + rng.int(-80, 120),
      axle_type: line.axle,
      sleeps: line.sleeps,
      aggregate_trailer_mass: line.atm,
    },
    variant: null,
    reserve_deposit: 1000,
    colour_hex: colour.hex,
  };
  return {
    slug,
    stocknum,
    item_type: 'caravan',
    car_type: type,
    status: life.status,
    make: line.make,
    model: line.model,
    year,
    price,
    km: 0,
    colour: colour.name,
    simple_body: 'Caravan',
    simple_fuel: null,
    reserved: life.reserved,
    certified: false,
    show_on_dealer_website: true,
    rego: (details.regplate as string | null) ?? null,
    rego_state: details.regplate ? ctx.state : null,
    vin: vin(rng, line.make, year),
    views: Math.round(rng.next() ** 2 * 600),
    rank: Math.round((life.status === 'sold' ? 0 : 1000) + photos * 10 + rng.next() * 400),
    created_at: life.created_at,
    sold_at: life.sold_at,
    details,
    images,
  };
}

/** The row of a motorcycle or truck listing (never certified: that is a car-maker programme). */
function listing(
  rng: Rng,
  ctx: StockContext,
  p: Pick<GeneratedCar, 'slug' | 'stocknum' | 'item_type' | 'car_type' | 'make' | 'model' | 'year' | 'price' | 'km' | 'simple_body' | 'simple_fuel' | 'details' | 'images'> & {
    colour: { name: string };
    regoPlate: string | null;
    life: ReturnType<typeof lifecycle>;
    photos: number;
    maxViews: number;
  },
): GeneratedCar {
  const { colour, regoPlate, life, photos, maxViews, ...row } = p;
  return {
    ...row,
    status: life.status,
    colour: colour.name,
    reserved: life.reserved,
    certified: false,
    show_on_dealer_website: true,
    rego: regoPlate,
    rego_state: regoPlate ? ctx.state : null,
    vin: vin(rng, p.make, p.year),
    views: Math.round(rng.next() ** 2 * maxViews),
    rank: Math.round((life.status === 'sold' ? 0 : 1000) + photos * 10 + rng.next() * 400),
    created_at: life.created_at,
    sold_at: life.sold_at,
  };
}

/** A `YYYY-MM` month of `year` that is not in the future. */
/**
 * A car's build and compliance months (YYYY-MM), drawn as they always were: the compliance plate
 * is fitted once the car is built, so a drawn compliance month before the build month takes the
 * build month.
 */
function builtAndComplied(build: string, compliance: string): { build_date: string; compliance_date: string } {
  return { build_date: build, compliance_date: compliance < build ? build : compliance };
}

function pastMonth(rng: Rng, year: number, now: number): string {
  const date = new Date(now);
  const last = year >= date.getUTCFullYear() ? date.getUTCMonth() + 1 : 12;
  return `${year}-${String(rng.int(1, last)).padStart(2, '0')}`;
}

/** The fuel a badge names (eCanter, Hybrid, PHEV), else one of the line's fuels that no badge claims. */
function fuelForBadge(rng: Rng, line: CatalogModel, badge: string): CatalogModel['fuels'][number] {
  if (line.fuels.includes('Electric') && /^e[A-Z]|Electric|\bEV\b/.test(badge)) return 'Electric';
  if (line.fuels.includes('PHEV') && /PHEV/.test(badge)) return 'PHEV';
  if (line.fuels.includes('Hybrid') && /Hybrid/.test(badge)) return 'Hybrid';
  const claimed = new Set(line.badges.flatMap((b) => (/^e[A-Z]|Electric|\bEV\b/.test(b) ? ['Electric'] : /PHEV/.test(b) ? ['PHEV'] : /Hybrid/.test(b) ? ['Hybrid'] : [])));
  const open = line.fuels.filter((f) => !claimed.has(f));
  return rng.pick(open.length > 0 ? open : line.fuels);
}

/** Age, odometer and price of a used, demo or new vehicle of a line (kilometres a year differ by kind). */
function usage(rng: Rng, ctx: StockContext, line: CatalogModel, badgeIndex: number, currentYear: number, kmPerYear: [number, number], keep: number) {
  const type = line.until !== undefined ? 'used' : carType(rng, { ...ctx, template: ctx.template === 'brand' ? 'brand' : 'dealer-group' });
  const age = type === 'new' ? 0 : type === 'demo' ? rng.int(0, 1) : Math.min(12, Math.max(1, Math.round(rng.next() ** 1.4 * 9) + 1));
  const year = Math.min(Math.max(currentYear - age, line.since), line.until ?? currentYear);
  const years = currentYear - year;
  const km = type === 'new' ? rng.int(0, 20) : type === 'demo' ? rng.int(200, 3000) : Math.round((Math.max(1, years) * rng.int(kmPerYear[0], kmPerYear[1]) + rng.int(300, 2000)) / 10) * 10;
  const newPrice = line.basePrice + line.badgeStep * badgeIndex;
  const depreciation = type === 'new' ? 1 : type === 'demo' ? 0.92 : keep ** Math.max(1, years);
  const price = roundPrice(newPrice * depreciation * (0.95 + rng.next() * 0.1));
  return { type, age, year, km, price };
}

function generateMotorcycle(rng: Rng, ctx: StockContext, serial: number, now: number, make: CatalogMake, line: CatalogModel): GeneratedCar {
  const currentYear = new Date(now).getUTCFullYear();
  const badgeIndex = rng.int(0, line.badges.length - 1);
  const badge = line.badges[badgeIndex] ?? '';
  // Riders cover 2,000–7,000 km a year; bikes lose about 10 % of their value a year.
  const { type, year, km, price } = usage(rng, ctx, line, badgeIndex, currentYear, [2000, 7000], 0.9);
  const colour = rng.weighted(COLOURS, (c) => c.weight);
  const life = lifecycle(rng, ctx, now, price);
  const title = `${year} ${make.make} ${line.model} ${badge}`;
  const stocknum = `${ctx.dealershipCode}${String(10000 + serial)}`;
  const slug = slugify(`${title} ${stocknum}`);
  const regoPlate = type === 'new' ? null : rego(rng, ctx.state);
  const manual = line.manual !== false;
  const gears = manual ? 6 : 7;
  const trans = manual ? '6 Speed Manual' : '7 Speed Dual Clutch (DCT)';
  const simpleTransmission = manual ? 'Manual' : 'Automatic';
  const { photos, images } = media(rng, 'motorcycle');
  const quoteEligible = isQuoteEligible({ status: life.status, reserved: life.reserved, price });
  const engineCc = Math.round((line.engineLitres ?? 0) * 1000);
  const details: Record<string, unknown> = {
    badge,
    series: line.series,
    interior_colour: null,
    gearnum: gears,
    simple_transmission: simpleTransmission,
    trans,
    bodyconfiguration: line.body,
    fuel: 'Unleaded Petrol',
    simple_drive: null,
    drive: `${line.finalDrive ?? 'Chain'} Drive`,
    before_price: type === 'used' && rng.chance(0.12) ? roundPrice(price * 1.06) : null,
    offer_price: type !== 'used' && rng.chance(0.15) ? roundPrice(price * 0.95) : null,
    subscription_price: null,
    price_type: type === 'new' ? 'Ride Away' : 'Excl. Government Charges',
    preorder: false,
    tag: line.lams === true && rng.chance(0.5) ? 'LAMS Approved' : rng.chance(0.1) ? rng.pick(MOTORCYCLE_TAGS) : null,
    nvic: null,
    regplate: regoPlate,
    rego_expiry: regoPlate ? new Date(now + rng.int(30, 360) * DAY).toISOString().slice(0, 10) : null,
    ...builtAndComplied(pastMonth(rng, year, now), pastMonth(rng, year, now)),
    seats: line.seats,
    doors: null,
    engine_size: engineCc,
    engine_size_litres: line.engineLitres,
    photos_count: photos,
    spin: false,
    dealercomments: dealerComments(rng, `${make.make} ${line.model}`),
    private_suburb: null,
    private_postcode: null,
    carsales_title: `${title} ${line.body} ${engineCc}cc ${simpleTransmission}`.replace(/\s+/g, ' '),
    // A used bike has a history report as a used car does (a third of them; by serial, so the
    // random draws of every other field stay as they were).
    file: type === 'used' && serial % 3 === 0 ? `/api/cars/${slug}/history-report.pdf` : null,
    video_url: null,
    external_video_url: null,
    spin_code: null,
    hotspots: null,
    standardEquipment: rng.sample(MOTORCYCLE_EQUIPMENT, rng.int(5, 10)).sort(),
    // Whether this car has a quote; the quote itself is filled in below from its lender data.
    youxQuote: quoteEligible && rng.chance(0.6),
    autograb_data: null,
    finance_lenders: finance(rng, ctx, price, year, currentYear),
    caravan_specs: null,
    variant: {
      cylinders: line.cylinders,
      enginesize: engineCc,
      enginesize_litres: line.engineLitres,
      induction: 'Aspirated',
      fuelconsumptioncombined: Math.round((3.6 + (line.engineLitres ?? 0.6) * 1.6) * (0.9 + rng.next() * 0.2) * 10) / 10,
      fuelcapacity: line.body === 'Touring' || line.body === 'Adventure' ? rng.pick([18, 20, 22]) : rng.pick([12, 14, 15]),
      grossvehiclemass: null,
      vehiclelength: line.body === 'Touring' ? 2600 : 2100,
      vehicleheight: line.body === 'Adventure' ? 1400 : 1100,
      vehiclewidth: line.body === 'Touring' ? 1000 : 800,
      towingcapacitybraked: null,
      bodyconfiguration: line.body,
      torque: Math.round(((line.engineLitres ?? 0.6) * 90 + rng.int(-5, 5)) * 10) / 10,
      ancaprating: null,
      geartype: simpleTransmission,
    },
    reserve_deposit: price >= 20_000 ? 500 : null,
    colour_hex: colour.hex,
  };
  // Certified pre-owned is a car-maker programme; no motorcycle here carries it.
  // The quote service's own answer for this car (one calculation: the API answers the same).
  const offered = typeof details.offer_price === 'number' && details.offer_price > 10 && details.offer_price < price ? details.offer_price : price;
  details.youxQuote = details.youxQuote === true ? computeQuote(offered, year, details.finance_lenders as FinanceLenders, currentYear) : null;
  return listing(rng, ctx, { slug, stocknum, item_type: 'motorcycle', car_type: type, make: make.make, model: line.model, year, price, km, colour, simple_body: line.body, simple_fuel: 'Petrol', regoPlate, life, photos, maxViews: 700, details, images });
}

function generateTruck(rng: Rng, ctx: StockContext, serial: number, now: number, make: CatalogMake, line: CatalogModel): GeneratedCar {
  const currentYear = new Date(now).getUTCFullYear();
  const badgeIndex = rng.int(0, line.badges.length - 1);
  const badge = line.badges[badgeIndex] ?? '';
  const fuel = fuelForBadge(rng, line, badge);
  // Working trucks cover 25,000–60,000 km a year and hold their value better than cars.
  const { type, year, km, price } = usage(rng, ctx, line, badgeIndex, currentYear, [25_000, 60_000], 0.9);
  const colour = rng.weighted(COLOURS.slice(0, 4), (c) => c.weight);
  const life = lifecycle(rng, ctx, now, price);
  const title = `${year} ${make.make} ${line.model} ${badge}`;
  const stocknum = `${ctx.dealershipCode}${String(10000 + serial)}`;
  const slug = slugify(`${title} ${stocknum}`);
  const regoPlate = type === 'new' ? null : rego(rng, ctx.state);
  const manual = fuel === 'Diesel' && rng.chance(0.25);
  const trans = fuel === 'Electric' ? '1 Speed Reduction Gear' : manual ? '6 Speed Manual' : `${rng.pick([6, 12])} Speed Automated Manual (AMT)`;
  const simpleTransmission = manual ? 'Manual' : 'Automatic';
  const body = rng.pick(['Alloy Tray Body', 'Tipper Body', 'Pantech Body', 'Tautliner Body', 'Cab Chassis']);
  const { photos, images } = media(rng, 'truck');
  const equipment = rng.sample(TRUCK_EQUIPMENT.filter((e) => !e.endsWith(' Body')), rng.int(5, 10));
  if (body !== 'Cab Chassis') equipment.push(body);
  const gvm = line.gvm ?? 7500;
  const details: Record<string, unknown> = {
    badge,
    series: line.series,
    interior_colour: rng.pick(['Grey Cloth', 'Black Vinyl']),
    gearnum: fuel === 'Electric' ? 1 : manual ? 6 : Number(trans.split(' ')[0]),
    simple_transmission: simpleTransmission,
    trans,
    bodyconfiguration: body,
    fuel: fuel === 'Hybrid' ? 'Hybrid Diesel/Electric' : fuel === 'Electric' ? 'Electric' : 'Diesel',
    simple_drive: 'RWD',
    drive: 'Rear Wheel Drive',
    before_price: type === 'used' && rng.chance(0.1) ? roundPrice(price * 1.05) : null,
    offer_price: type !== 'used' && rng.chance(0.1) ? roundPrice(price * 0.96) : null,
    subscription_price: null,
    price_type: type === 'new' ? 'Drive Away' : 'Excl. GST and Government Charges',
    preorder: false,
    tag: rng.chance(0.15) ? rng.pick(TRUCK_TAGS) : null,
    nvic: null,
    regplate: regoPlate,
    rego_expiry: regoPlate ? new Date(now + rng.int(30, 360) * DAY).toISOString().slice(0, 10) : null,
    ...builtAndComplied(pastMonth(rng, year, now), pastMonth(rng, year, now)),
    seats: badge.startsWith('Crew') ? 7 : line.seats,
    doors: badge.startsWith('Crew') ? 4 : line.doors,
    engine_size: fuel === 'Electric' ? null : Math.round((line.engineLitres ?? 0) * 1000),
    engine_size_litres: fuel === 'Electric' ? null : line.engineLitres,
    photos_count: photos,
    spin: false,
    dealercomments: dealerComments(rng, `${make.make} ${line.model}`),
    private_suburb: null,
    private_postcode: null,
    carsales_title: `${title} ${body} ${simpleTransmission} ${line.licence ?? 'LR'} licence`.replace(/\s+/g, ' '),
    file: type === 'used' && rng.chance(0.3) ? `/api/cars/${slug}/history-report.pdf` : null,
    video_url: null,
    external_video_url: null,
    spin_code: null,
    hotspots: null,
    standardEquipment: equipment.sort(),
    youxQuote: null,
    autograb_data: null,
    finance_lenders: finance(rng, ctx, price, year, currentYear),
    caravan_specs: null,
    variant: {
      cylinders: fuel === 'Electric' ? null : line.cylinders,
      enginesize: fuel === 'Electric' ? null : Math.round((line.engineLitres ?? 0) * 1000),
      enginesize_litres: fuel === 'Electric' ? null : line.engineLitres,
      induction: fuel === 'Electric' ? null : 'Turbo Intercooled',
      fuelconsumptioncombined: fuel === 'Electric' ? null : Math.round((12 + gvm / 1000) * (0.9 + rng.next() * 0.2) * 10) / 10,
      fuelcapacity: fuel === 'Electric' ? null : gvm > 8000 ? 200 : 100,
      grossvehiclemass: gvm,
      vehiclelength: gvm > 8000 ? 8600 : 6300,
      vehicleheight: gvm > 8000 ? 2700 : 2300,
      vehiclewidth: badge.includes('Wide') || gvm > 8000 ? 2250 : 1850,
      towingcapacitybraked: gvm > 8000 ? 9000 : 3500,
      bodyconfiguration: body,
      torque: fuel === 'Electric' ? 430 : Math.round((line.engineLitres ?? 4) * 110),
      ancaprating: null,
      geartype: simpleTransmission,
    },
    reserve_deposit: 1000,
    colour_hex: colour.hex,
  };
  return listing(rng, ctx, { slug, stocknum, item_type: 'truck', car_type: type, make: make.make, model: line.model, year, price, km, colour, simple_body: line.body, simple_fuel: fuel, regoPlate, life, photos, maxViews: 400, details, images });
}

import { z } from 'zod';

/*
 * The Car record of spec §3 as it crosses the network (platform API, search hits, seeded data).
 * Field names are the spec's own, so the same object works as an Algolia record.
 * Nested shapes the spec leaves open ("Full shapes of nested records are not shown") are typed
 * as far as the spec names their fields and stay open (`.loose()`) for the rest.
 */

/** Car type of spec §3: new, used or demo. */
export const CarTypeSchema = z.enum(['new', 'used', 'demo']);
export type CarType = z.infer<typeof CarTypeSchema>;

/** Car status of spec §3 (reserved is a separate flag, see `reserved`). */
export const CarStatusSchema = z.enum(['in_stock', 'coming_soon', 'sold']);
export type CarStatus = z.infer<typeof CarStatusSchema>;

/** Simplified fuel labels used as facets. */
export const SimpleFuelSchema = z.enum(['Petrol', 'Diesel', 'Electric', 'Hybrid', 'PHEV', 'LPG']);
export type SimpleFuel = z.infer<typeof SimpleFuelSchema>;

/** Simplified transmission labels used as facets. */
export const SimpleTransmissionSchema = z.enum(['Automatic', 'Manual']);

/** Simplified drive labels used as facets. */
export const SimpleDriveSchema = z.enum(['FWD', 'RWD', 'AWD', '4WD']);

/** What kind of vehicle a stock item is; `item_type` of spec §3 (caravan on caravan sites). */
export const ItemTypeSchema = z.enum(['car', 'caravan', 'motorcycle', 'truck']);
export type ItemType = z.infer<typeof ItemTypeSchema>;

/** One gallery image (or video slide) of a car. */
export const CarImageSchema = z
  .object({
    image: z.object({
      url: z.string(),
      thumb: z.object({ url: z.string() }),
    }),
    video: z.boolean().optional(),
    video_url: z.string().optional(),
  })
  .loose();
export type CarImage = z.infer<typeof CarImageSchema>;

/** A video with its url (videos, walkaround_videos). */
export const CarVideoSchema = z.object({ video: z.object({ url: z.string() }) }).loose();

/** Position of a hotspot at one spin angle. */
export const HotspotPositionSchema = z.object({
  activeAngle: z.number(),
  posX: z.number(),
  posY: z.number(),
});

/** A spin-viewer hotspot. */
export const HotspotSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    description: z.string(),
    anchors: z.array(z.unknown()).default([]),
    positions: z.array(HotspotPositionSchema),
  })
  .loose();

/** Exterior and interior hotspot lists. */
export const HotspotsSchema = z.object({
  exterior: z.array(HotspotSchema),
  interior: z.array(HotspotSchema),
});

/** Third-party finance estimate attached to a car (spec §3 youxQuote). */
export const YouxQuoteSchema = z.object({
  weeklyRepaymentAmount: z.number(),
  advertisedRate: z.number(),
  comparisonRate: z.number(),
});
export type YouxQuote = z.infer<typeof YouxQuoteSchema>;

/** Market-data provider figures attached to a car (spec §3 autograb_data). */
export const AutograbDataSchema = z.object({
  average_market_price: z.number().nullable(),
  state_average_market_price: z.number().nullable(),
});

/** One lender's figures in finance_lenders (spec §3); `term{N}` keys carry per-year payments. */
export const LenderFiguresSchema = z
  .object({
    interestRate: z.number().nullable(),
    comparisonRate: z.number().nullable(),
    paymentWeek: z.number().nullable(),
    paymentMonth: z.number().nullable(),
    termYears: z.number().nullable(),
    deposit: z.number().nullable(),
    establishmentFees: z.number().nullable(),
    balloon: z.number().nullable(),
    disclaimer: z.string().nullable(),
    termMonths: z.number().nullable().optional(),
    termWeeks: z.number().nullable().optional(),
    totalPayable: z.number().nullable().optional(),
    financeProvider: z.string().nullable().optional(),
  })
  .catchall(z.unknown());
export type LenderFigures = z.infer<typeof LenderFiguresSchema>;

/** The figures of a lender that the finance rule reads (spec §5), as search records carry them. */
export const LenderRatesSchema = LenderFiguresSchema.pick({ interestRate: true, comparisonRate: true, paymentWeek: true, paymentMonth: true }).strip();
export type LenderRates = z.infer<typeof LenderRatesSchema>;

/**
 * The eight lender keys of finance_lenders (one of them the manual entry). The spec groups them
 * (A: strict eligibility, B: three lenders incl. manual, C: monthly payment, D: two lenders).
 */
export const LENDER_KEYS = [
  'plenti',
  'stratton',
  'money3',
  'manual',
  'angle',
  'pepper',
  'youx',
  'carfinance',
] as const;
export const LenderKeySchema = z.enum(LENDER_KEYS);
export type LenderKey = z.infer<typeof LenderKeySchema>;

/**
 * finance_lenders: keyed by lender (the tenant's finance provider key selects one); a car may
 * carry only some lenders. Keys are open because providers are configured per tenant.
 */
export const FinanceLendersSchema = z.record(z.string(), LenderFiguresSchema);
export type FinanceLenders = z.infer<typeof FinanceLendersSchema>;

/** The car's location summary (spec §3 Car.location). */
export const CarLocationSchema = z.object({
  id: z.int32(),
  name: z.string(),
  slug: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  distribution_locations: z.array(z.object({ id: z.int32(), name: z.string() })).default([]),
});

/** Caravan specifications (spec §3); null for other item types. */
export const CaravanSpecsSchema = z.object({
  body_width: z.number().nullable(),
  body_length: z.number().nullable(),
  tare_weight: z.number().nullable(),
  axle_type: z.string().nullable(),
  sleeps: z.int32().nullable(),
  aggregate_trailer_mass: z.number().nullable(),
});
export type CaravanSpecs = z.infer<typeof CaravanSpecsSchema>;

/** Variant sub-fields of spec §3 (technical specification of the car's variant). */
export const VariantSpecsSchema = z
  .object({
    cylinders: z.int32().nullable(),
    enginesize: z.number().nullable(),
    enginesize_litres: z.number().nullable(),
    induction: z.string().nullable(),
    fuelconsumptioncombined: z.number().nullable(),
    fuelcapacity: z.number().nullable(),
    grossvehiclemass: z.number().nullable(),
    vehiclelength: z.number().nullable(),
    vehicleheight: z.number().nullable(),
    vehiclewidth: z.number().nullable(),
    towingcapacitybraked: z.number().nullable(),
    bodyconfiguration: z.string().nullable(),
    torque: z.number().nullable(),
    ancaprating: z.number().nullable(),
    geartype: z.string().nullable(),
  })
  .partial();
export type VariantSpecs = z.infer<typeof VariantSpecsSchema>;

/** The full Car record of spec §3. */
export const CarSchema = z.object({
  id: z.int32().positive(),
  slug: z.string().min(1),
  path: z.string(),
  name: z.string(),
  year: z.int32(),
  make: z.string(),
  model: z.string(),
  badge: z.string().nullable(),
  series: z.string().nullable(),
  colour: z.string().nullable(),
  interior_colour: z.string().nullable(),
  gearnum: z.int32().nullable(),
  simple_transmission: z.string().nullable(),
  trans: z.string().nullable(),
  bodyconfiguration: z.string().nullable(),
  simple_body: z.string().nullable(),
  simple_fuel: z.string().nullable(),
  fuel: z.string().nullable(),
  simple_drive: z.string().nullable(),
  drive: z.string().nullable(),
  km: z.int32().nonnegative(),
  price: z.number().nonnegative(),
  before_price: z.number().nullable(),
  offer_price: z.number().nullable(),
  subscription_price: z.number().nullable(),
  price_type: z.string().nullable(),
  preorder: z.boolean(),
  car_type: CarTypeSchema,
  status: CarStatusSchema,
  tag: z.string().nullable(),
  reserved: z.boolean(),
  sold: z.boolean(),
  certified: z.boolean(),
  /** Unix seconds. */
  created_at: z.int32(),
  stocknum: z.string(),
  vin: z.string().nullable(),
  nvic: z.string().nullable(),
  has_nvic: z.boolean(),
  regplate: z.string().nullable(),
  rego: z.string().nullable(),
  rego_expiry: z.string().nullable(),
  build_date: z.string().nullable(),
  compliance_date: z.string().nullable(),
  seats: z.int32().nullable(),
  doors: z.int32().nullable(),
  engine_size: z.number().nullable(),
  engine_size_litres: z.number().nullable(),
  views: z.int32().nonnegative(),
  photos_count: z.int32().nonnegative(),
  /** When the car's record last changed (ISO 8601): with photos_count, what view.json's answers are cached by. */
  updated_at: z.string().max(64).optional(),
  show_on_dealer_website: z.boolean(),
  /** The platform's sample stock (seeded for previews), not the dealer's: a launched site never lists it. */
  sample_stock: z.boolean(),
  /** Unix seconds; null unless sold. */
  sold_date_timestamp: z.int32().nullable(),
  dealercomments: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  private_suburb: z.string().nullable(),
  private_postcode: z.string().nullable(),
  carsales_title: z.string().nullable(),
  item_type: ItemTypeSchema,
  /** History report file url, null when the car has none. */
  file: z.string().nullable(),
  images: z.array(CarImageSchema),
  thumbnails: z.array(z.string()),
  primary_image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  external_video_url: z.string().nullable(),
  videos: z.array(CarVideoSchema),
  walkaround_videos: z.array(CarVideoSchema),
  spin_images: z.array(z.string()),
  spin_interior_image: z.string().nullable(),
  spin_code: z.string().nullable(),
  hotspots: HotspotsSchema.nullable(),
  standardEquipment: z.array(z.string()),
  location: CarLocationSchema,
  location_id: z.int32(),
  location_name: z.string(),
  dealership_id: z.int32(),
  dealership_slug: z.string(),
  youxQuote: YouxQuoteSchema.nullable(),
  autograb_data: AutograbDataSchema.nullable(),
  finance_lenders: FinanceLendersSchema,
  caravan_specs: CaravanSpecsSchema.nullable(),
  variant: VariantSpecsSchema.nullable(),
  /** Reserve deposit in dollars for this car (spec §9: per-car value, fallback $200). */
  reserve_deposit: z.number().nullable(),
  /** Custom ranking value; the search index ranks by it descending. */
  rank: z.number(),
});
export type Car = z.infer<typeof CarSchema>;

/**
 * The search record of one car: the Car fields the stock search indexes and returns, plus
 * `objectID` (the car id as a string) and `make_model` ("Make Model", the make-model facet).
 * Heavy nested data (finance_lenders, hotspots, spin frames, images beyond the primary) stays
 * on the car detail call so the index stays small.
 */
export const CarSearchRecordSchema = CarSchema.pick({
  id: true,
  slug: true,
  path: true,
  name: true,
  year: true,
  make: true,
  model: true,
  badge: true,
  series: true,
  colour: true,
  simple_transmission: true,
  simple_body: true,
  simple_fuel: true,
  simple_drive: true,
  km: true,
  price: true,
  before_price: true,
  offer_price: true,
  subscription_price: true,
  preorder: true,
  car_type: true,
  status: true,
  tag: true,
  reserved: true,
  sold: true,
  certified: true,
  created_at: true,
  stocknum: true,
  seats: true,
  doors: true,
  views: true,
  photos_count: true,
  show_on_dealer_website: true,
  sample_stock: true,
  sold_date_timestamp: true,
  city: true,
  state: true,
  item_type: true,
  primary_image_url: true,
  thumbnails: true,
  location_id: true,
  location_name: true,
  dealership_id: true,
  dealership_slug: true,
  youxQuote: true,
  autograb_data: true,
  rank: true,
}).extend({
  objectID: z.string(),
  make_model: z.string(),
  /** Dealership display name (refinement `dealership_name`). */
  dealership_name: z.string(),
  /** Alias facets of the refinement state (spec §3): body, fuel, transmission, drive. */
  body: z.string().nullable(),
  fuel: z.string().nullable(),
  transmission: z.string().nullable(),
  drive: z.string().nullable(),
  /** `created_at` under the refinement name used by the just-arrived filter. */
  created_at_timestamp: z.int32(),
  /** The slug of the car's location (sites leave out the finance summary at some locations). */
  location_slug: z.string(),
  /** Each lender's rates and payments, by lender key: what the finance rule reads (spec §5). */
  lender_rates: z.record(z.string(), LenderRatesSchema),
  /** Weekly repayment estimate in dollars when the car has one (refinement weekly_price_range). */
  weekly_price: z.number().nullable(),
  /** Price band label, e.g. "$20,000 - $30,000" (refinement price_range). */
  price_range: z.string(),
  /** Feature tags (refinement filtered_features). */
  filtered_features: z.array(z.string()),
  /** Categories (refinement categories), e.g. "SUV", "Family". */
  categories: z.array(z.string()),
});
export type CarSearchRecord = z.infer<typeof CarSearchRecordSchema>;

/**
 * Answer of GET /api/cars/{slug} with status 410 Gone: the site listed the car and it has been
 * sold beyond the sold window (spec §4). Enough of the car to name it and lead to similar stock.
 */
export const SoldCarGoneSchema = z.object({
  error: z.string(),
  sold_car: z.object({
    id: z.int32(),
    slug: z.string(),
    name: z.string(),
    year: z.int32(),
    make: z.string(),
    model: z.string(),
    badge: z.string().nullable(),
    series: z.string().nullable(),
    car_type: CarTypeSchema,
    item_type: ItemTypeSchema,
    /** For the similar-stock price window only; the page does not show it. */
    price: z.number(),
  }),
});
export type SoldCarGone = z.infer<typeof SoldCarGoneSchema>;

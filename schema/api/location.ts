import { z } from 'zod';

/*
 * Dealership locations of spec §3: the Location record with its address, contact details,
 * opening hours, special (holiday) hours and reviews.
 */

/** Location type of spec §3; an empty value means sales. */
export const LocationTypeSchema = z.enum(['sales', 'service', 'parts', 'service-and-parts']);
export type LocationType = z.infer<typeof LocationTypeSchema>;

/** One weekday's opening hours (weekday 0 Sunday to 6 Saturday). */
export const OpeningHourSchema = z.object({
  weekday: z.int32().min(0).max(6),
  status: z.enum(['Open', 'Closed']),
  /** Display text, e.g. "8:30 am - 5:30 pm" or "Closed" (spelling as in spec §3). */
  formated_hours: z.string(),
  /** "HH:MM" 24-hour, null when closed. */
  open: z.string().nullable(),
  close: z.string().nullable(),
});
export type OpeningHour = z.infer<typeof OpeningHourSchema>;

/** A special (holiday) hours entry of spec §3. */
export const SpecialHoursSchema = z.object({
  id: z.int32(),
  /** ISO date YYYY-MM-DD. */
  date: z.string(),
  status: z.enum(['Open', 'Closed']),
  location_id: z.int32(),
  /** Occasion, e.g. "Christmas Day". */
  name: z.string(),
  start_hour: z.string().nullable(),
  end_hour: z.string().nullable(),
});
export type SpecialHours = z.infer<typeof SpecialHoursSchema>;

/** A customer review of spec §3. */
export const ReviewSchema = z.object({
  id: z.int32(),
  customer_name: z.string(),
  text: z.string(),
  rating: z.number().min(1).max(5),
  review_date: z.string(),
  review_date_in_words: z.string(),
  reply_text: z.string().nullable(),
  reply_date: z.string().nullable(),
  created_at_time_ago_in_words: z.string(),
  image: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** Postal address with coordinates. */
export const AddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  lat: z.number(),
  long: z.number(),
  text: z.string(),
  place_id: z.string().nullable(),
  place_url: z.string().nullable(),
  map_key: z.string().nullable(),
});

/** The Location record of spec §3. */
export const LocationSchema = z.object({
  id: z.int32(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  primary: z.boolean(),
  location_type: LocationTypeSchema,
  location_subtype: z.string().nullable(),
  manufacturers: z.array(z.string()),
  dealership_id: z.int32(),
  dealership_slug: z.string(),
  website_id: z.int32(),
  website_name: z.string(),
  website_url: z.string(),
  dealership: z.object({ id: z.int32(), slug: z.string() }),
  address: AddressSchema,
  contact_detail: z.object({
    phone: z.string().nullable(),
    landline_phone: z.string().nullable(),
    opening_hours: z.array(OpeningHourSchema),
  }),
  special_hours: z.array(SpecialHoursSchema),
  image: z.object({ url: z.string(), thumb: z.object({ url: z.string() }) }).nullable(),
  reviews: z.object({ average_rating: z.number(), count: z.int32() }),
  average_rating: z.number().nullable(),
  review_count: z.int32().nullable(),
  dealer_license_number: z.string().nullable(),
  motor_vehicle_repairer: z.string().nullable(),
  distribution_locations: z.array(z.object({ id: z.int32(), name: z.string() })),
});
export type Location = z.infer<typeof LocationSchema>;

/** Query of GET /api/manufacturer-locations: location type filter, default sales. */
export const ManufacturerLocationsQuerySchema = z.object({
  location_type: LocationTypeSchema.default('sales'),
});

/** One website (dealer site) with its dealership and locations, as listed by manufacturer-locations. */
export const WebsiteLocationsSchema = z.object({
  id: z.int32(),
  name: z.string(),
  url: z.string(),
  dealership: z.object({ id: z.int32(), slug: z.string(), name: z.string() }),
  locations: z.array(LocationSchema),
});
export type WebsiteLocations = z.infer<typeof WebsiteLocationsSchema>;

/** Answer of GET /api/manufacturer-locations. */
export const ManufacturerLocationsResponseSchema = z.array(WebsiteLocationsSchema);

/** Answer of GET /api/locations/{slug}/reviews. */
export const ReviewsResponseSchema = z.object({
  average_rating: z.number(),
  count: z.int32(),
  reviews: z.array(ReviewSchema),
});

/** Sizes the generated location map accepts, in CSS pixels. */
export const LOCATION_MAP_LIMITS = { width: { min: 120, max: 1600 }, height: { min: 80, max: 1200 }, spanKm: { min: 0.5, max: 500 }, locations: 50 } as const;

/** Query of GET /api/maps/locations.svg: which of the site's locations to pin, and the image's size. */
export const LocationMapQuerySchema = z.object({
  locations: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be location slugs separated by commas')
    .refine((v) => v.split(',').length <= LOCATION_MAP_LIMITS.locations, `must name at most ${LOCATION_MAP_LIMITS.locations} locations`)
    .describe('Slugs of the locations to pin, comma separated.'),
  current: z.string().regex(/^[a-z0-9-]+$/, 'must be a location slug').optional().describe('The location the map is about: its pin is in the brand colour.'),
  width: z.coerce.number().int().min(LOCATION_MAP_LIMITS.width.min).max(LOCATION_MAP_LIMITS.width.max),
  height: z.coerce.number().int().min(LOCATION_MAP_LIMITS.height.min).max(LOCATION_MAP_LIMITS.height.max),
  span_km: z.coerce.number().min(LOCATION_MAP_LIMITS.spanKm.min).max(LOCATION_MAP_LIMITS.spanKm.max).default(4).describe('A single location is shown at least this many kilometres across.'),
});
export type LocationMapQuery = z.infer<typeof LocationMapQuerySchema>;

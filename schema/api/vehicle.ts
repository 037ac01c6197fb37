import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from '../plain-issue.ts';

/*
 * Vehicle-side calls of spec §7: price comparison (autogauge), views (view.json), delivery by
 * postcode, postcode geocoding, similar cars, test-drive appointments and miscellaneous.
 */

/** Price-comparison result of spec §3. */
export const PriceComparisonSchema = z.object({
  fill: z.number().min(0).max(1),
  listing_price: z.number(),
  market_range_min: z.number(),
  market_range_max: z.number(),
  confidence: z.number().min(0).max(1),
  description: z.string(),
});
export type PriceComparison = z.infer<typeof PriceComparisonSchema>;

/** Query of GET /api/cars/{slug}/view.json (spec §7). */
export const ViewQuerySchema = z.object({
  photos_count: z.coerce.number().int().nonnegative().max(2_147_483_647).optional(),
  updated_at: z.string().max(64).optional(),
  website_id: z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
});

/** Answer of view.json: the car's views and the fields that change often. */
export const ViewResponseSchema = z.object({
  views: z.int32(),
  car_fields: z.object({
    id: z.int32(),
    status: z.string(),
    price: z.number(),
    reserved: z.boolean(),
    sold: z.boolean(),
    photos_count: z.int32(),
    updated_at: z.string(),
  }),
});

/** Query of GET /api/delivery?postcode= ('Please enter a postcode.' when missing). */
export const DeliveryQuerySchema = z.object({
  postcode: z
    .string({ error: 'Please enter a postcode.' })
    .trim()
    .min(1, 'Please enter a postcode.')
    .regex(/^\d{4}$/, 'Invalid postcode. Please enter a 4-digit number.'),
  car_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Answer of the delivery lookup: price and region name (null when no estimate). */
export const DeliveryResponseSchema = z.object({
  postcode: z.string(),
  price: z.number().nullable(),
  region: z.string().nullable(),
  distance_km: z.number().nullable(),
  message: z.string().nullable(),
});

/** Answer of GET /api/postcodes/{postcode}: the geocode shape of spec §7 (results[0].geometry.location). */
export const PostcodeResponseSchema = z.object({
  status: z.enum(['OK', 'ZERO_RESULTS']),
  results: z.array(
    z.object({
      postcode: z.string(),
      locality: z.string(),
      state: z.string(),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
    }),
  ),
  error: z.string().optional(),
});

/** Answer of GET /api/cars/{slug}/similar: ids of up to 6 similar cars. */
export const SimilarCarsResponseSchema = z.object({ ids: z.array(z.int32()) });

/** Query of GET /api/test-drive/appointments. */
export const AppointmentsQuerySchema = z.object({
  location_id: z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  car_id: z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  from: z.iso.date().optional(),
  days: z.coerce.number().int().min(1).max(31).default(14),
});

/** Answer: free slots per day ('HH:MM' times) for test drives. */
export const AppointmentsResponseSchema = z.object({
  location_id: z.int32(),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.string()) })),
});

/** Body of POST /api/miscellaneous (valuation result with column_name=valuation). */
export const MiscellaneousSchema = z.object({
  column_name: z.string().min(1).max(64),
  lead_id: z.int32().positive().optional(),
  /** With lead_id: the lead's continuation token (see LeadTokenSchema). */
  lead_token: z.string().min(16).max(200).optional(),
  value: z.unknown(),
});

/** Body of POST /api/reservations: hold a car for 48 hours against a refundable deposit. */
export const ReservationRequestSchema = z.object({
  car_id: z.int32().positive(),
  name: z.string().trim().min(1, 'Please enter your name.').max(200),
  email: z.email(INVALID_EMAIL_MESSAGE),
  phone: z.string().trim().regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.'),
  idempotency_key: z.string().min(8).max(200).optional(),
});

/** Answer of a reservation. */
export const ReservationResponseSchema = z.object({
  reservation_id: z.int32(),
  lead_id: z.int32(),
  car_id: z.int32(),
  /** The car's title and page (the confirmation page opened from an email names the car it held). */
  car_title: z.string().optional(),
  car_slug: z.string().optional(),
  deposit: z.number(),
  held_until: z.string(),
  /** The deposit's payment step: `recorded` by the embedded provider (nothing charged), or a real provider's status. */
  payment: z.object({ provider: z.string(), status: z.enum(['recorded', 'requires_action', 'succeeded']) }).optional(),
});

/**
 * Answer of a reservation asked for without signing in (sites that do not require it): nothing
 * is held yet; a link went to the email, and the hold starts when it is opened before `confirm_by`.
 */
export const ProvisionalHoldResponseSchema = z.object({
  status: z.literal('check-email'),
  email: z.string(),
  car_id: z.int32(),
  confirm_by: z.string(),
});

/** Either answer of POST /api/reservations: held (signed in) or a link emailed (signed out). */
export const ReservationAnswerSchema = z.union([ReservationResponseSchema, ProvisionalHoldResponseSchema]);

import { z } from 'zod';

/** Australian states and territories that issue driver licences. */
export const LICENCE_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** Body of POST /api/finance/credit-check: the identity a credit reporting body needs, and the consent. */
export const CreditCheckRequestSchema = z.object({
  car_id: z.int32().positive(),
  date_of_birth: z.iso.date('Please enter your date of birth.'),
  licence_number: z.string().trim().regex(/^[A-Za-z0-9]{4,12}$/, 'Please enter your driver licence number (4 to 12 letters and digits).'),
  licence_state: z.enum(LICENCE_STATES, 'Please select the state that issued your licence.'),
  consent: z.literal(true, 'Please agree to the credit check to continue.'),
  idempotency_key: z.string().min(8).max(200).optional(),
});

/** Answer of a recorded credit-check consent. */
export const CreditCheckResponseSchema = z.object({ lead_id: z.int32(), consented_at: z.string() });

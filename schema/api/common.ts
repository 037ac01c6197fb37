import { z } from 'zod';

/* Shapes shared by every platform API answer. */

/** Error answer of every API call: a message and, for bad input, the fields at fault. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Public summary of a tenant site (GET /api/site). */
export const SiteSchema = z.object({
  id: z.int32(),
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  dealerships: z.array(z.object({ id: z.int32(), slug: z.string(), name: z.string() })),
});

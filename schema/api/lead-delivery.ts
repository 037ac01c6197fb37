import { z } from 'zod';
import { LeadAttributesSchema, StoredLeadSchema } from './lead.ts';
import { DEALER_DEPARTMENTS } from './lead-words.ts';

/*
 * What a lead carries when it leaves the platform (the dealer's email and CRM webhook): the lead
 * as the dealer API documents it, with the car as the shopper saw it, the dealership and
 * department it was routed to, and its attribution (landing pages and campaign parameters).
 */

/** A department of a dealership: sales, service, parts or finance. */
export const DealerDepartmentSchema = z.enum(DEALER_DEPARTMENTS);

/** The car as the shopper saw it when the lead was sent (kept on the lead: the price at the time). */
export const CarSnapshotSchema = z.object({
  id: z.int32(),
  slug: z.string(),
  /** The vehicle page's title of the car (year make model badge, or its full name). */
  title: z.string(),
  /** The vehicle page, absolute. */
  url: z.string(),
  /** The price shown (the offer price when there was one); null when the car showed no price. */
  price: z.number().nullable(),
  /** The price as shown, e.g. "$45,990", or the site's no-price text. */
  price_text: z.string(),
  stock_number: z.string(),
  vin: z.string().nullable(),
  year: z.int32(),
  make: z.string(),
  model: z.string(),
  car_type: z.string(),
  /** The car's first photo, absolute; null without photos. */
  photo_url: z.string().nullable(),
});
export type CarSnapshot = z.infer<typeof CarSnapshotSchema>;

/** A lead as it is delivered: the stored lead plus its routing, car and attribution. */
export const DeliveredLeadSchema = StoredLeadSchema.extend({
  dealership: z.object({ slug: z.string(), name: z.string() }).nullable(),
  department: DealerDepartmentSchema,
  car: CarSnapshotSchema.nullable(),
  /** fields.lead_attributes: the pages visited before the lead and the campaign (utm_*) parameters. */
  attribution: LeadAttributesSchema.nullable(),
});
export type DeliveredLead = z.infer<typeof DeliveredLeadSchema>;

/**
 * The JSON body of a lead webhook (Standard Webhooks envelope). The request carries
 * `webhook-id` (the delivery id: the same on every retry, so a receiver can drop repeats),
 * `webhook-timestamp` and `webhook-signature`.
 */
export const LeadWebhookSchema = z.object({
  type: z.literal('lead.created'),
  timestamp: z.string(),
  data: DeliveredLeadSchema,
});
export type LeadWebhook = z.infer<typeof LeadWebhookSchema>;

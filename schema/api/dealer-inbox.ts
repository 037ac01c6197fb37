import { z } from 'zod';
import { LeadFormSchema } from './lead.ts';
import { DEALER_DEPARTMENTS } from './lead-words.ts';

/*
 * What the dealer inbox accepts from the browser: its list filters (in the URL, so a filtered
 * view can be bookmarked) and the status a dealer gives a lead. Every parameter has a limit; a
 * value outside it is a 400 naming the parameter.
 */

/** The dealer's own progress with a lead (not the shopper's form state). */
export const DEALER_LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export const DealerLeadStatusSchema = z.enum(DEALER_LEAD_STATUSES, { error: `must be one of ${DEALER_LEAD_STATUSES.join(', ')}` });
export type DealerLeadStatus = z.infer<typeof DealerLeadStatusSchema>;

/** Highest page number of the inbox's list (25 leads a page: a quarter of a million leads). */
export const MAX_INBOX_PAGE = 10_000;

/** Leads a page of the inbox's list shows. */
export const INBOX_PAGE_SIZE = 25;

/** Most leads one CSV download holds (the newest of the filter). */
export const MAX_CSV_ROWS = 10_000;

/** A calendar date as the date inputs send it. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written as YYYY-MM-DD')
  .refine((text) => {
    const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
    const at = new Date(Date.UTC(year, month - 1, day));
    return year >= 2000 && year <= 2100 && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
  }, 'must be a real date between 2000 and 2100');

/** The inbox's list filters. An empty value (a select left on "Any") is no filter. */
export const DealerLeadFilterSchema = z
  .object({
    form: z.enum(LeadFormSchema.options, { error: `must be one of ${LeadFormSchema.options.join(', ')}` }).optional(),
    department: z.enum(DEALER_DEPARTMENTS, { error: `must be one of ${DEALER_DEPARTMENTS.join(', ')}` }).optional(),
    status: DealerLeadStatusSchema.optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    page: z
      .string()
      .regex(/^\d{1,5}$/, `must be a whole number from 1 to ${MAX_INBOX_PAGE}`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_INBOX_PAGE, `must be a whole number from 1 to ${MAX_INBOX_PAGE}`)
      .optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { path: ['to'], message: 'must be on or after the from date' });
export type DealerLeadFilter = z.infer<typeof DealerLeadFilterSchema>;

/** The names the inbox's list accepts in its URL. */
export const DEALER_FILTER_NAMES = ['form', 'department', 'status', 'from', 'to', 'page'] as const;

/** Body of the form that marks a lead new, contacted or closed. */
export const DealerStatusChangeSchema = z.object({
  status: DealerLeadStatusSchema,
  csrf: z.string().max(200),
});

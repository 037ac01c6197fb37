import type { z } from 'zod';
import { formatNumber } from './number-format.ts';

/*
 * zod's own wording ('Too big: expected string to have <=200 characters', 'Invalid input:
 * expected string, received number') is for programmers. A form shows a refused field's message
 * after the form's own label for it ('Comments: Use at most 5,000 characters.'), so a rule the
 * schema gave no message of its own is worded here, the same in the browser's check and the
 * server's answer. Messages the schemas write ('Please enter a valid email address.') win: zod
 * asks a parse's error map only for issues without one.
 */

/** What every form says of an email address that is not one (the schemas' own message, and the error map's). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/**
 * A plain message for a refused value, for `schema.safeParse(value, { error: plainIssueMessage })`
 * (`parsePlainly` below).
 * @param issue the issue zod raised
 */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Please fill this in.' : 'Please check this value.';
    case 'too_big': {
      const max = formatNumber(Number(issue.maximum));
      if (issue.origin === 'string') return `Use at most ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}.`;
      return issue.inclusive === false ? `Must be less than ${max}.` : `Must be ${max} or less.`;
    }
    case 'too_small': {
      const min = formatNumber(Number(issue.minimum));
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Please fill this in.' : `Use at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${min}.`;
      return issue.inclusive === false ? `Must be more than ${min}.` : `Must be ${min} or more.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return INVALID_EMAIL_MESSAGE;
      if (issue.format === 'date' || issue.format === 'datetime') return 'Please enter a valid date.';
      return 'Please check the format of this value.';
    case 'invalid_value':
      return 'Please choose one of the options.';
    case 'not_multiple_of':
      return `Must be a multiple of ${formatNumber(issue.divisor)}.`;
    case 'unrecognized_keys':
      return 'Not a field this takes: check its spelling.';
    default:
      return 'Please check this value.';
  }
}

/**
 * Parses `value` with `schema`, its refusals worded plainly: what every form's check and the
 * server's answer use, so both say the same of the same value.
 * @param schema the schema the server applies
 * @param value the value to check
 */
export function parsePlainly<Schema extends z.ZodType>(schema: Schema, value: unknown): z.ZodSafeParseResult<z.output<Schema>> {
  return schema.safeParse(value, { error: plainIssueMessage });
}

/** A field a form's check refuses, by its top-level name ('form' for the whole form), and why. */
export interface PlainFieldIssue {
  path: string;
  message: string;
}

/**
 * The fields a form's check refuses ([] when the value passes), each by its top-level name
 * and its plain message, in the schema's order.
 * @param schema the schema the server applies
 * @param value the form's payload
 */
export function plainFieldIssues(schema: z.ZodType, value: unknown): PlainFieldIssue[] {
  const parsed = parsePlainly(schema, value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? 'form'), message: issue.message }));
}

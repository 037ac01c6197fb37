import type { z } from 'zod';

/** A validation message tied to the form field it is about. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Turns zod issues into messages that name the field (spec §5: 'Please fix the following
 * errors:' lists them), e.g. 'Mobile phone: Please enter a valid phone number.'.
 * @param labels field name → the label the form shows for it
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], labels: Record<string, string>): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    const label = labels[field];
    errors.push({ field, message: label ? `${label}: ${issue.message}` : issue.message });
  }
  return errors;
}


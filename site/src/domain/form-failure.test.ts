import { describe, expect, it } from 'vitest';
import { formFailure } from './form-failure.ts';

const SPEC_ALERT = 'An error occurred when submitting this form';

describe('formFailure (spec §8 form submission failure)', () => {
  it('lead forms: the alert text, and the form error set to the server message', () => {
    expect(formFailure('lead', 'Phone number is not valid', SPEC_ALERT)).toEqual({ alert: SPEC_ALERT, formError: 'Phone number is not valid' });
  });
  it('lead forms: the form error is the same text when the server gave no message', () => {
    expect(formFailure('lead', '', SPEC_ALERT)).toEqual({ alert: SPEC_ALERT, formError: SPEC_ALERT });
    expect(formFailure('lead', undefined, SPEC_ALERT)).toEqual({ alert: SPEC_ALERT, formError: SPEC_ALERT });
  });
  it("the other variant shows the response error, or 'An unexpected error occured' (spelt as the spec spells it)", () => {
    expect(formFailure('response', 'This car is already reserved', SPEC_ALERT)).toEqual({ alert: 'This car is already reserved', formError: 'This car is already reserved' });
    expect(formFailure('response', '  ', SPEC_ALERT)).toEqual({ alert: 'An unexpected error occured', formError: 'An unexpected error occured' });
  });
});

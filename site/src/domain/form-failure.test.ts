import { describe, expect, it } from 'vitest';
import { fieldNameOfLabel, formFailure, refusalText } from './form-failure.ts';

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

describe('refusalText: a refusal in the form’s own words, never the API’s summary', () => {
  const labels: Record<string, string> = { email: 'Email', phone: 'Mobile Number *', message: 'Comments (optional)', regoState: 'Rego state: *', deposit: 'Deposit or trade-in' };
  const labelOf = (path: string) => labels[path];

  it('a refused field the form shows: its message led by the form’s label', () => {
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'email', message: 'Please enter a valid email address.' }] }, labelOf)).toBe('Email: Please enter a valid email address.');
  });
  it('the label loses its required mark, "(optional)" and colon; a fragment becomes a sentence', () => {
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'phone', message: 'must be at most 20 characters' }] }, labelOf)).toBe('Mobile Number: Must be at most 20 characters.');
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'message', message: 'Use at most 5,000 characters.' }] }, labelOf)).toBe('Comments: Use at most 5,000 characters.');
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'regoState', message: 'Please select the rego state.' }] }, labelOf)).toBe('Rego state: Please select the rego state.');
  });
  it('a message that already names the field is not led by the label again', () => {
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'deposit', message: 'Deposit or trade-in cannot be less than $0 or more than $250,000.' }] }, labelOf)).toBe('Deposit or trade-in cannot be less than $0 or more than $250,000.');
  });
  it('the first refused field the form shows, past fields it does not show', () => {
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'lead_attributes.visited_pages.3', message: 'too long' }, { path: 'phone', message: 'Please enter a valid phone number.' }] }, labelOf)).toBe('Mobile Number: Please enter a valid phone number.');
  });
  it('no words for the shopper and no field the form shows: nothing, so the form shows its fallback', () => {
    expect(refusalText({ status: 400, message: '', fields: [{ path: 'car_id', message: 'no such car on this site' }] }, labelOf)).toBe('');
    expect(refusalText({ status: 404, message: '', fields: [] }, labelOf)).toBe('');
    expect(formFailure('lead', '', SPEC_ALERT)).toEqual({ alert: SPEC_ALERT, formError: SPEC_ALERT });
  });
  it('a refusal written for the shopper (an expired link, a car no longer for sale) shows its words', () => {
    const expired = 'This link has expired or has already been used. Please ask for a new one.';
    expect(refusalText({ status: 400, message: expired, fields: [{ path: 'token', message: 'expired or already used' }] }, labelOf)).toBe(expired);
    const taken = 'This car cannot be bought online: it is reserved, sold or not yet in stock.';
    expect(refusalText({ status: 409, message: taken, fields: [{ path: 'car_id', message: 'cannot be bought online' }] }, labelOf)).toBe(taken);
    // Also when the refused field is one the form shows: the field's note is the short form of it.
    const tooMany = 'We have sent 3 emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.';
    expect(refusalText({ status: 429, message: tooMany, fields: [{ path: 'email', message: 'at most 3 emails per hour' }] }, labelOf)).toBe(tooMany);
  });
});

describe('fieldNameOfLabel', () => {
  it('keeps the words, drops the decoration', () => {
    expect(fieldNameOfLabel('  First   Name *')).toBe('First Name');
    expect(fieldNameOfLabel('Postcode (optional)')).toBe('Postcode');
    expect(fieldNameOfLabel('How much would you like to borrow?')).toBe('How much would you like to borrow?');
  });
});

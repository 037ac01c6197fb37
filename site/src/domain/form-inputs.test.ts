import { describe, expect, test } from 'vitest';
import { collectFormEntries, contactToRemember, formatKm, leadAttributes, parseKm, parseMoney, parseRememberedContact, postcodeError, postcodeInput } from './form-inputs.ts';
import { withVisitedPage } from './visited-pages.ts';
import { formatMoney } from '../../../schema/number-format.ts';

describe('postcode input (spec §5)', () => {
  test('keeps digits only, at most 4, no separators', () => {
    expect(postcodeInput('4000')).toBe('4000');
    expect(postcodeInput('40,001')).toBe('4000');
    expect(postcodeInput(' 2 0 0 0x')).toBe('2000');
  });
  test("anything but exactly 4 digits is 'Invalid postcode. Please enter a 4-digit number.'", () => {
    expect(postcodeError('4350')).toBeNull();
    for (const bad of ['', '435', '43500', 'abcd']) expect(postcodeError(bad)).toBe('Invalid postcode. Please enter a 4-digit number.');
  });
});

describe('money input (spec §5)', () => {
  test('shows $ with separators', () => {
    expect(formatMoney(5000)).toBe('$5,000');
    expect(formatMoney(70000)).toBe('$70,000');
    expect(formatMoney(800000)).toBe('$800,000');
  });
  test('reads typed amounts; below 0 becomes 0', () => {
    expect(parseMoney('$12,500')).toBe(12500);
    expect(parseMoney('12500.4')).toBe(12500);
    expect(parseMoney('-50')).toBe(0);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('$')).toBeNull();
  });
});

describe("km input (spec §5: suffixed ' kms')", () => {
  test('shows separators and the suffix, reads it back', () => {
    expect(formatKm(100000)).toBe('100,000 kms');
    expect(parseKm('100,000 kms')).toBe(100000);
    expect(parseKm('45000')).toBe(45000);
    expect(parseKm('kms')).toBeNull();
  });
});

describe('form entries (spec §5)', () => {
  test('check-option checkboxes are collected into additional_services; radio helpers dropped', () => {
    const out = collectFormEntries([
      ['name', 'Priya'],
      ['wheel-alignment-check-option', 'Wheel alignment'],
      ['tyres-check-option', 'Tyres'],
      ['contact-radio-helper', 'x'],
      ['message', 'Hi'],
    ]);
    expect(out).toEqual({ fields: { name: 'Priya', message: 'Hi' }, additional_services: ['Wheel alignment', 'Tyres'] });
  });
});

describe('remembered contact details (spec §3)', () => {
  test('keeps what was sent, falling back to what was remembered', () => {
    expect(contactToRemember({ name: ' Priya ', email: 'p@example.com', phone: '', message: 'x' }, { phone: '0412 345 678', postcode: '4000' })).toEqual({
      name: 'Priya',
      last_name: '',
      email: 'p@example.com',
      phone: '0412 345 678',
      postcode: '4000',
    });
  });
  test('reads only string fields back from storage', () => {
    expect(parseRememberedContact({ name: 'A', email: 3, other: 'x' })).toEqual({ name: 'A' });
    expect(parseRememberedContact('nonsense')).toEqual({});
  });
});

/** utm_ parameter names of letters only (utm_aa, utm_ab, …), as the linked parameters are. */
const utmName = (i: number) => `utm_${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;

describe('lead attributes (spec §3)', () => {
  test('where the visit began travels with the lead: its landing page and referrer', () => {
    expect(leadAttributes(['/cars?utm_source=google', '/cars/x'], 50, { page: '/cars?utm_source=google', referrer: 'https://www.google.com/' })).toEqual({
      visited_pages: ['/cars?utm_source=google', '/cars/x'],
      linked_query_params: { utm_source: 'google' },
      landing_page: '/cars?utm_source=google',
      referrer: 'https://www.google.com/',
    });
    // No referrer (typed address, bookmark) is left out rather than sent empty.
    expect(leadAttributes(['/'], 50, { page: '/', referrer: '' })).toEqual({ visited_pages: ['/'], linked_query_params: {}, landing_page: '/' });
  });

  test('addresses and parameters are cut to the limits the server enforces (2000 characters, 50 parameters of 100/500)', () => {
    const long = `/cars?q=${'a'.repeat(2500)}`;
    const attributes = leadAttributes([long], 50, { page: long, referrer: `https://x.example/${'b'.repeat(2500)}` });
    expect(attributes.visited_pages[0]).toHaveLength(2000);
    expect(attributes.landing_page).toHaveLength(2000);
    expect(attributes.referrer).toHaveLength(2000);
    const tooLong = `/?utm_${'n'.repeat(120)}=1&utm_long=${'v'.repeat(501)}`;
    const many = `/?${Array.from({ length: 60 }, (_, i) => `${utmName(i)}=v`).join('&')}`;
    expect(leadAttributes([tooLong]).linked_query_params).toEqual({});
    const params = leadAttributes([many]).linked_query_params;
    expect(Object.keys(params)).toHaveLength(50);
    expect(params[utmName(49)]).toBe('v');
    expect(params[utmName(50)]).toBeUndefined();
  });

  test('visited pages (newest kept) and the linked query params only', () => {
    expect(leadAttributes(['/?utm_source=news&gclid=abc&page=2', '/b', '/c?utm_source=later&utm_medium=email%20x'], 2)).toEqual({
      visited_pages: ['/b', '/c?utm_source=later&utm_medium=email%20x'],
      linked_query_params: { utm_source: 'news', gclid: 'abc', utm_medium: 'email x' },
    });
    expect(withVisitedPage(['/a'], '/a')).toEqual(['/a']);
    expect(withVisitedPage(['/a', '/b'], '/c', 2)).toEqual(['/b', '/c']);
  });
});

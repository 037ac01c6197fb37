import { expect, test } from 'vitest';
import { carFormEventId, sentLeadEvents, submitEventId } from './analytics-events.ts';

test('spec §7: enquiry/test drive 14 new, 15 used, 17 test drive or Test Drive Only tag, 48 used test drive', () => {
  expect(carFormEventId('enquiry', 'new')).toBe(14);
  expect(carFormEventId('enquiry', 'demo')).toBe(14);
  expect(carFormEventId('enquiry', 'used')).toBe(15);
  expect(carFormEventId('enquiry', 'used', 'Test Drive Only')).toBe(17);
  expect(carFormEventId('test_drive', 'new')).toBe(17);
  expect(carFormEventId('test_drive', 'used')).toBe(48);
});

test('spec §7: after submit 22 general enquiry, 51 career enquiry, others by category', () => {
  expect(submitEventId('General Enquiry')).toBe(22);
  expect(submitEventId('General Enquiry', 'Career Enquiry')).toBe(51);
  expect(submitEventId('Finance Enquiry')).toBe(9);
  expect(submitEventId('Sales Enquiry')).toBeNull();
});

const off = { financeEnquiryEvent: false };

test('a sent enquiry or test drive about a car fires its car event, once', () => {
  expect(sentLeadEvents({ form: 'enquiry', car: { car_type: 'new' }, category: 'Sales Enquiry' }, off)).toEqual([14]);
  expect(sentLeadEvents({ form: 'enquiry', car: { car_type: 'used' } }, off)).toEqual([15]);
  expect(sentLeadEvents({ form: 'enquiry', car: { car_type: 'used', tag: 'Test Drive Only' } }, off)).toEqual([17]);
  // The test drive's 'Test Drive' category would be 17 again (and 17 for a used car, whose event is 48).
  expect(sentLeadEvents({ form: 'test_drive', car: { car_type: 'new' }, category: 'Test Drive' }, off)).toEqual([17]);
  expect(sentLeadEvents({ form: 'test_drive', car: { car_type: 'used' }, category: 'Test Drive' }, off)).toEqual([48]);
});

test('any other sent lead fires its category event: 22 general, 51 career, none for a category without one', () => {
  expect(sentLeadEvents({ form: 'enquiry', category: 'General Enquiry' }, off)).toEqual([22]);
  expect(sentLeadEvents({ form: 'enquiry', category: 'General Enquiry', subcategory: 'Career Enquiry' }, off)).toEqual([51]);
  expect(sentLeadEvents({ form: 'enquiry', category: 'Service Enquiry' }, off)).toEqual([]);
  expect(sentLeadEvents({ form: 'test_drive', category: 'Test Drive' }, off)).toEqual([17]);
});

test('event 9 (finance enquiry) only on a site configured for it', () => {
  expect(sentLeadEvents({ form: 'finance', category: 'Finance Enquiry' }, off)).toEqual([]);
  expect(sentLeadEvents({ form: 'finance', category: 'Finance Enquiry' }, { financeEnquiryEvent: true })).toEqual([9]);
  expect(sentLeadEvents({ form: 'finance', car: { car_type: 'used' }, category: 'Finance Enquiry' }, { financeEnquiryEvent: true })).toEqual([9]);
});

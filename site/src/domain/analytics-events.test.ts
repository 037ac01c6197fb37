import { expect, test } from 'vitest';
import { carFormEventId, submitEventId } from './analytics-events.ts';

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

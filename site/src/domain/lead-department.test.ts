import { expect, test } from 'vitest';
import { leadDepartment } from './lead-department.ts';

test('service, parts and finance forms go to their own departments', () => {
  expect(leadDepartment('service')).toBe('service');
  expect(leadDepartment('parts')).toBe('parts');
  expect(leadDepartment('finance', 'Finance Enquiry')).toBe('finance');
});

test('a general enquiry goes where its category says', () => {
  expect(leadDepartment('enquiry', 'Service Enquiry')).toBe('service');
  expect(leadDepartment('enquiry', 'Book a Servicing')).toBe('service');
  expect(leadDepartment('enquiry', 'Parts Enquiry')).toBe('parts');
  expect(leadDepartment('short_enquiry', 'Finance Enquiry')).toBe('finance');
  expect(leadDepartment('enquiry', 'General Enquiry')).toBe('sales');
  expect(leadDepartment('enquiry', null)).toBe('sales');
});

test('buying, trading and reserving are sales', () => {
  for (const form of ['enquiry', 'test_drive', 'trade_in', 'valuation', 'request_photos', 'reserve', 'online_purchase']) {
    expect(leadDepartment(form)).toBe('sales');
  }
  // "Departure" and "Spare" are not the parts department.
  expect(leadDepartment('enquiry', 'Spare key')).toBe('sales');
});

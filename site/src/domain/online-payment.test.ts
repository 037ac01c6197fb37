import { describe, expect, test } from 'vitest';
import { leadDepartment } from './lead-department.ts';
import { onlinePaymentAmountIssue, onlinePaymentCategory, onlinePaymentReference, parsePaymentAmount } from './online-payment.ts';

describe('online payment rules', () => {
  test('an amount from $1 to the tenant’s limit may be paid; outside it, one message names both ends', () => {
    expect(onlinePaymentAmountIssue(1, 50000)).toBeNull();
    expect(onlinePaymentAmountIssue(50000, 50000)).toBeNull();
    expect(onlinePaymentAmountIssue(0.99, 50000)).toBe('The amount cannot be less than $1 or more than $50,000.');
    expect(onlinePaymentAmountIssue(50000.01, 50000)).toBe('The amount cannot be less than $1 or more than $50,000.');
    expect(onlinePaymentAmountIssue(20001, 20000)).toBe('The amount cannot be less than $1 or more than $20,000.');
  });

  test('typed amounts are dollars and cents, with or without $ and separators', () => {
    expect(parsePaymentAmount('$1,234.50')).toBe(1234.5);
    expect(parsePaymentAmount(' 80 ')).toBe(80);
    expect(parsePaymentAmount('99.9')).toBe(99.9);
    expect(parsePaymentAmount('12.345')).toBeNull();
    expect(parsePaymentAmount('-5')).toBeNull();
    expect(parsePaymentAmount('ten')).toBeNull();
  });

  test('service and parts invoices go to those teams; deposits and other invoices to sales', () => {
    expect(leadDepartment('online_payment', onlinePaymentCategory('service-invoice'))).toBe('service');
    expect(leadDepartment('online_payment', onlinePaymentCategory('parts-invoice'))).toBe('parts');
    expect(leadDepartment('online_payment', onlinePaymentCategory('vehicle-deposit'))).toBe('sales');
    expect(leadDepartment('online_payment', onlinePaymentCategory('other-invoice'))).toBe('sales');
  });

  test('the payment reference is OP- and the lead number in six digits at least', () => {
    expect(onlinePaymentReference(42)).toBe('OP-000042');
    expect(onlinePaymentReference(1234567)).toBe('OP-1234567');
  });
});

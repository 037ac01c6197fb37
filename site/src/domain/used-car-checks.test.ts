import { describe, expect, it } from 'vitest';
import { regoDateText, regoExpired, usedCarChecks, usedCarChecksShown } from './used-car-checks.ts';

// 2026-11-26T09:00:00Z: 7 pm in Brisbane.
const now = Date.UTC(2026, 10, 26, 9) / 1000;
const car = { car_type: 'used', km: 76_530, rego: '123ABC', rego_expiry: '2027-03-12', state: 'QLD', vin: 'JTDBT923X01234567', has_nvic: true, file: null, certified: false };

describe('usedCarChecksShown', () => {
  it('shows for used cars where the tenant has the section on', () => {
    expect(usedCarChecksShown({ car_type: 'used' }, true)).toBe(true);
    expect(usedCarChecksShown({ car_type: 'new' }, true)).toBe(false);
    expect(usedCarChecksShown({ car_type: 'demo' }, true)).toBe(false);
    expect(usedCarChecksShown({ car_type: 'used' }, false)).toBe(false);
  });
});

describe('usedCarChecks', () => {
  it('lists odometer, registration and identity from the car record', () => {
    expect(usedCarChecks(car, now)).toEqual([
      { id: 'odometer', title: 'Odometer', detail: '76,530 km recorded when listed', passed: true },
      { id: 'registration', title: 'Registration', detail: 'Registered in QLD until 12 March 2027', passed: true },
      { id: 'identity', title: 'Identity', detail: 'VIN JTDBT923X01234567, matched to its factory specification (NVIC)', passed: true },
    ]);
  });

  it('adds the history report and certification only when the car has them', () => {
    const ids = usedCarChecks({ ...car, file: '/reports/1.pdf', certified: true }, now).map((check) => check.id);
    expect(ids).toEqual(['odometer', 'registration', 'identity', 'history', 'certified']);
  });

  it('says when registration has expired, and when the car is sold unregistered', () => {
    expect(usedCarChecks({ ...car, rego_expiry: '2026-11-25' }, now)[1]).toEqual({ id: 'registration', title: 'Registration', detail: 'Registration expired on 25 November 2026', passed: false });
    expect(usedCarChecks({ ...car, rego: null, rego_expiry: null }, now)[1]).toEqual({ id: 'registration', title: 'Registration', detail: 'Sold unregistered', passed: false });
    expect(usedCarChecks({ ...car, rego_expiry: null, state: null }, now)[1]?.detail).toBe('Registered');
  });

  it('leaves out the odometer for caravans and the identity without a VIN', () => {
    expect(usedCarChecks({ ...car, item_type: 'caravan', vin: null }, now).map((check) => check.id)).toEqual(['registration']);
    expect(usedCarChecks({ ...car, has_nvic: false }, now)[2]?.detail).toBe('VIN JTDBT923X01234567');
  });
});

describe('regoExpired', () => {
  it('holds registration to the end of its expiry day in eastern Australia', () => {
    // 25 Nov ends at 2026-11-25T13:59:59Z.
    expect(regoExpired('2026-11-25', Date.UTC(2026, 10, 25, 13, 59, 58) / 1000)).toBe(false);
    expect(regoExpired('2026-11-25', Date.UTC(2026, 10, 25, 14, 0, 0) / 1000)).toBe(true);
  });
  it('writes the date as it is written, in words', () => {
    expect(regoDateText('2027-01-05')).toBe('5 January 2027');
  });
});

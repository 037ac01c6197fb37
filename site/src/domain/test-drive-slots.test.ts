import { describe, expect, it } from 'vitest';
import { minutesOf, slotDayLabel, slotTimeLabel, testDriveSlots } from './test-drive-slots.ts';

describe('testDriveSlots', () => {
  it('half-hour starts from opening, the last an hour before closing', () => {
    expect(testDriveSlots('08:30', '12:00')).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('leaves out booked starts', () => {
    expect(testDriveSlots('09:00', '11:00', new Set(['09:30']))).toEqual(['09:00', '10:00']);
  });

  it('a closed day, or hours shorter than a drive, has none', () => {
    expect(testDriveSlots(null, null)).toEqual([]);
    expect(testDriveSlots('09:00', '09:45')).toEqual([]);
  });

  it('reads hours with seconds as stored by the database', () => {
    expect(testDriveSlots('16:00:00', '17:30:00')).toEqual(['16:00', '16:30']);
  });

  it('ignores malformed hours', () => {
    expect(testDriveSlots('9am', '5pm')).toEqual([]);
    expect(Number.isNaN(minutesOf('25'))).toBe(true);
  });
});

describe('slot labels', () => {
  it('names the day and the time as a shopper reads them', () => {
    expect(slotDayLabel('2030-01-15')).toBe('Tue 15 Jan');
    expect(slotTimeLabel('08:30')).toBe('8:30 am');
    expect(slotTimeLabel('12:00')).toBe('12:00 pm');
    expect(slotTimeLabel('16:30')).toBe('4:30 pm');
  });
});

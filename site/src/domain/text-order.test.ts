import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.ts';

const collator = new Intl.Collator('en-AU');

describe('compareText (alphabetical order without Intl)', () => {
  it('orders labels alphabetically, ignoring case and accents first', () => {
    expect(['Toyota', 'audi', 'BMW', 'Škoda', 'Mazda', 'Alfa Romeo'].sort(compareText)).toEqual(['Alfa Romeo', 'audi', 'BMW', 'Mazda', 'Škoda', 'Toyota']);
  });

  it('puts the plain letter before the accented one, and lower case before upper case', () => {
    expect(['Citroën', 'Citroen'].sort(compareText)).toEqual(['Citroen', 'Citroën']);
    expect(['BMW', 'bmw'].sort(compareText)).toEqual(['bmw', 'BMW']);
    expect(compareText('Kia', 'Kia')).toBe(0);
  });

  it('agrees with the en-AU collator on makes, models, colours and body types', () => {
    const labels = [
      'Kia EV6', 'Kia Sorento', 'Kia Carnival', 'Kia Cerato', 'Kia Seltos', 'Kia Sportage', 'Toyota Corolla', 'Toyota C-HR',
      'Toyota HiLux', 'Toyota Hilux', 'Mercedes-Benz', 'Mercedes Benz', 'Land Rover', 'LDV', 'MG', 'Mazda CX-5', 'Mazda CX-30',
      'Mazda BT-50', 'Mazda 3', 'Mazda 2', 'Hyundai i30', 'Hyundai i20 N', 'Hyundai iLoad', 'Škoda Octavia', 'Citroën C4',
      'Citroen C3', 'White', 'Black', 'Grey', 'Silver', 'Blue', 'People Mover', 'Cab Chassis', 'SUV', 'Ute', 'Hatch', 'Coupe',
      'Coupé', 'Motorcycle', 'Harley-Davidson', 'KTM', 'Jayco', 'Jayco Journey', 'Jayco J-Series', 'Ford Ranger', 'Ford Ranger Raptor',
    ];
    const ours = [...labels].sort(compareText);
    const icu = [...labels].sort(collator.compare);
    expect(ours).toEqual(icu);
  });
});

import { describe, expect, test } from 'vitest';
import { dealerLicenceLines } from './dealer-licences.ts';

describe('dealer licence lines', () => {
  test('one dealership: its dealer licence, and the repairer licence where given', () => {
    expect(dealerLicenceLines([{ name: 'Range Road Kia', dealerLicenceNumber: '3209954', motorVehicleRepairer: 'MVR 48213' }])).toEqual([
      'Motor dealer licence 3209954 · Motor vehicle repairer licence MVR 48213',
    ]);
    expect(dealerLicenceLines([{ name: 'Gold Coast Mazda', dealerLicenceNumber: 'MD 40123' }])).toEqual(['Motor dealer licence MD 40123']);
  });

  test('a group names each dealership; shared licences are listed once', () => {
    expect(
      dealerLicenceLines([
        { name: 'Harbour Toyota', dealerLicenceNumber: '3101458' },
        { name: 'Harbour Kia', dealerLicenceNumber: '3102279', motorVehicleRepairer: 'MVR 1' },
      ]),
    ).toEqual(['Harbour Toyota: Motor dealer licence 3101458', 'Harbour Kia: Motor dealer licence 3102279 · Motor vehicle repairer licence MVR 1']);
    expect(dealerLicenceLines([{ name: 'A', dealerLicenceNumber: 'MD 1' }, { name: 'B', dealerLicenceNumber: 'MD 1' }])).toEqual(['Motor dealer licence MD 1']);
  });
});

/*
 * Licence details a dealer's advertising must carry (state motor dealer laws: the dealer licence
 * number on every advertisement, which a website is; the motor vehicle repairer licence where the
 * business holds one). The footer shows them on every page.
 */

/** A dealership as far as its licences go. */
export interface LicensedDealership {
  name: string;
  dealerLicenceNumber: string;
  motorVehicleRepairer?: string | undefined;
}

/**
 * One line per dealership: "Motor dealer licence MD 40123 · Motor vehicle repairer licence MVR 48213",
 * prefixed with the dealership's name when the site has more than one; dealerships sharing the
 * same licences are listed once.
 * @param dealerships the site's dealerships
 */
export function dealerLicenceLines(dealerships: readonly LicensedDealership[]): string[] {
  const withNumbers = dealerships.filter((d) => d.dealerLicenceNumber.trim());
  const text = (d: LicensedDealership) =>
    [`Motor dealer licence ${d.dealerLicenceNumber.trim()}`, d.motorVehicleRepairer?.trim() ? `Motor vehicle repairer licence ${d.motorVehicleRepairer.trim()}` : null].filter(Boolean).join(' · ');
  const distinct = [...new Map(withNumbers.map((d) => [text(d), d])).values()];
  if (distinct.length <= 1) return distinct.map(text);
  return distinct.map((d) => `${d.name}: ${text(d)}`);
}

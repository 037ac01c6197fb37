/*
 * How a vehicle page names its car (spec §2 breadcrumbs): year, make, model and badge, or the
 * full name with the series when the tenant's series display is on (features.seriesInTitle).
 */

/** The car fields a vehicle title reads. */
export interface TitleInput {
  /** The model year (text where a shopper typed it, e.g. a trade-in's). */
  year: number | string;
  make: string;
  model: string;
  badge?: string | null;
  series?: string | null;
  name?: string;
}

/**
 * The car's title: 'year make model badge', or with series display on its full name (`name`,
 * falling back to 'year make model badge series').
 * @param seriesInTitle features.seriesInTitle
 */
export function vehicleTitle(car: TitleInput, seriesInTitle: boolean): string {
  const base = [String(car.year), car.make, car.model, car.badge ?? ''].filter(Boolean);
  if (!seriesInTitle) return base.join(' ');
  return car.name?.trim() || [...base, car.series ?? ''].filter(Boolean).join(' ');
}

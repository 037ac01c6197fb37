import type { ResolvedTenant } from './resolved-tenant.gen.ts';

/** A place where a car from a location can be test driven, as the API sends it. */
export interface DistributionLocation {
  id: number;
  name: string;
}

/**
 * The distribution locations of a location (spec §5: the test-drive form asks for one when the
 * car's location has any), as the locations and car records carry them; none for a location the
 * tenant file does not list.
 * @param tenant the resolved tenant
 * @param locationSlug the location's slug
 */
export function distributionLocationsOf(tenant: ResolvedTenant, locationSlug: string): DistributionLocation[] {
  const location = tenant.dealer.locations.find((l) => l.slug === locationSlug);
  return location ? location.distributionLocations.map(({ id, name }) => ({ id, name })) : [];
}

/**
 * Whether a test-drive request's chosen place is one of the car's location's distribution
 * locations. The form sends the place's number as text or a number.
 * @param places the car's location's distribution locations
 * @param chosen the value the browser sent
 */
export function isDistributionLocationOf(places: readonly DistributionLocation[], chosen: string | number): boolean {
  const id = typeof chosen === 'number' ? chosen : /^\d{1,10}$/.test(chosen.trim()) ? Number(chosen.trim()) : Number.NaN;
  return places.some((p) => p.id === id);
}

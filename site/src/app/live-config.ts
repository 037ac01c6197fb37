import type { Query, QueryClient } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';

/*
 * The editor's live preview swaps the tenant config in place on every edit. The page then shows
 * the edit as soon as what it reads is up to date: a dealer edit (a location's phone, hours or
 * name) is served by the platform, so the answers made from the dealer's details are fetched
 * again, and only those before the page's loaders run again. Everything else the loaders read
 * (a location's stock, its reviews) stays in the Query cache; the cars, which carry their
 * location's name and phone, are fetched again behind it and the loaders run once more then.
 */

/** Answers made from the dealer's details: the locations (all, or one) and the group's locations, not a location's reviews. */
export function isDealerDetailsQuery(query: Pick<Query, 'queryKey'>): boolean {
  const [root, , part] = query.queryKey;
  return (root === 'locations' || root === 'manufacturer-locations') && part !== 'reviews';
}

/**
 * Answers holding cars, which carry their location's name and phone: all but a location's stock,
 * whose key already holds everything it is made from (the location's name among them).
 */
export function isCarsQuery(query: Pick<Query, 'queryKey'>): boolean {
  const [root, part] = query.queryKey;
  return root === 'cars' && part !== 'at-location';
}

/**
 * Follows one config edit in the preview: `rerun` (the router's loaders) runs once the answers the
 * edit changed are back — at once when the dealer's details are unchanged — and again once the
 * cached cars are back. Resolves when everything asked again has arrived.
 * @param queryClient the page's Query cache
 * @param previous the config the page showed
 * @param next the config as edited
 * @param rerun runs the page's loaders again
 */
export async function followConfigEdit(queryClient: QueryClient, previous: ResolvedTenant, next: ResolvedTenant, rerun: () => void): Promise<void> {
  if (JSON.stringify(previous.dealer) === JSON.stringify(next.dealer)) {
    rerun();
    return;
  }
  const cars = queryClient.getQueryCache().findAll({ predicate: isCarsQuery }).length > 0 ? queryClient.invalidateQueries({ predicate: isCarsQuery, refetchType: 'all' }) : undefined;
  await queryClient.invalidateQueries({ predicate: isDealerDetailsQuery, refetchType: 'all' }).finally(rerun);
  if (cars) await cars.finally(rerun);
}

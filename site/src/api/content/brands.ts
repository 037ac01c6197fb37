import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { BrandDirectoryEntrySchema, type BrandDirectoryEntry } from '../../../../schema/api/content.ts';
import type { SiteServices } from '../../lib/services.ts';
import { getJson } from '../http.ts';

/*
 * The brand directory (GET /api/brands) for /brands and /{brand-slug}/overview. Route loaders
 * fill the Query cache with these options; the server's answer travels with the page.
 */

export type { BrandDirectoryEntry };

/** The site's brand directory entries (car, motorcycle, truck and own brands). */
export async function fetchBrands(fetcher?: SiteServices['fetch']): Promise<BrandDirectoryEntry[]> {
  return getJson('/api/brands', z.array(BrandDirectoryEntrySchema), undefined, fetcher);
}

/** Query options of the brand directory; shared by the directory and every overview page. */
export function brandsQueryOptions(services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['brands'], queryFn: () => fetchBrands(services?.fetch), staleTime: 10 * 60_000 });
}

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ModelSchema, type Model } from '../../../../schema/api/content.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';

/*
 * Model pages (GET /api/models/{slug}, GET /api/models?manufacturer=) for /models/{model}.
 */

export type { Model };

/** One model by slug, or null when the site sells no such model. */
export async function fetchModel(slug: string, fetcher?: SiteServices['fetch']): Promise<Model | null> {
  try {
    return await getJson(`/api/models/${encodeURIComponent(slug)}`, ModelSchema, undefined, fetcher);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404 && !error.notJson) return null;
    throw error;
  }
}

/** Query options of one model. */
export function modelQueryOptions(slug: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['models', slug], queryFn: () => fetchModel(slug, services?.fetch), staleTime: 10 * 60_000 });
}

/** Every model page of the makes the site sells. */
export async function fetchModels(fetcher?: SiteServices['fetch']): Promise<Model[]> {
  return getJson('/api/models', z.array(ModelSchema), undefined, fetcher);
}

/** Query options of the site's models (discover another model). */
export function modelsQueryOptions(services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['models'], queryFn: () => fetchModels(services?.fetch), staleTime: 10 * 60_000 });
}

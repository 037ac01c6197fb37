import { queryOptions } from '@tanstack/react-query';
import { BlogCardSchema, BlogPostSchema, pagedSchema, type BlogCard, type BlogPost } from '../../../../schema/api/content.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';

/*
 * Blog posts (GET /api/blog, /api/blog/{slug}) for /blog, /blog/{category}, /news and articles.
 */

export type { BlogCard, BlogPost };

const BlogPageSchema = pagedSchema(BlogCardSchema);

/** Post cards (without bodies), newest first, optionally of one category: one page of 21. */
export async function fetchPosts(category: string | null, fetcher?: SiteServices['fetch'], page = 1) {
  const params = [...(category ? [`category=${encodeURIComponent(category)}`] : []), ...(page > 1 ? [`page=${page}`] : [])];
  return getJson(`/api/blog${params.length ? `?${params.join('&')}` : ''}`, BlogPageSchema, undefined, fetcher);
}

/** Query options of a page of a post list. */
export function postsQueryOptions(category: string | null, services?: Pick<SiteServices, 'fetch'>, page = 1) {
  return queryOptions({ queryKey: ['blog', category ?? '', page], queryFn: () => fetchPosts(category, services?.fetch, page), staleTime: 10 * 60_000 });
}

/** One post by slug, or null when the site has none. */
export async function fetchPost(slug: string, fetcher?: SiteServices['fetch']): Promise<BlogPost | null> {
  try {
    return await getJson(`/api/blog/${encodeURIComponent(slug)}`, BlogPostSchema, undefined, fetcher);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404 && !error.notJson) return null;
    throw error;
  }
}

/** Query options of one post. */
export function postQueryOptions(slug: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => fetchPost(slug, services?.fetch), staleTime: 10 * 60_000 });
}

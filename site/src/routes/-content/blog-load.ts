import type { BlogView } from '../../features/blog/blog-view.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { PageHeadInput } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import { blogCategoryPath, blogListHref, blogPageExists, categoryOfSlug, parseBlogPage } from '../../domain/blog.ts';

/*
 * What the blog pages load (spec §2 /blog, /blog/{category}, /news, article pages). Imported on
 * demand by the route loaders (content-data.ts).
 */

/** The blog pages, only in bundles of tenants with features.blog. */
export const BlogPages = __FEATURE_BLOG__ ? featureComponent(() => import('../../features/blog/index.tsx')) : null;

export type { BlogView };

async function api() {
  return import('../../api/content/blog.ts');
}

/** A page's title with its page number from page 2 ('News, page 2'). */
const paged = (title: string, page: number) => (page > 1 ? `${title}, page ${page}` : title);

/**
 * /blog (the latest posts) or /news (21 a page, `?page=N`); a page that is not a page of the list
 * (beyond the last, or not a whole number) is null (a 404).
 */
export async function loadBlogList(context: RouterContext, kind: 'landing' | 'news', rawPage?: unknown): Promise<{ view: BlogView; head: PageHeadInput } | null> {
  const { postsQueryOptions } = await api();
  const pageNumber = kind === 'news' ? parseBlogPage(rawPage) : 1;
  if (pageNumber === null) return null;
  const [page] = await Promise.all([context.queryClient.ensureQueryData(postsQueryOptions(null, context.services, pageNumber)), BlogPages?.load()]);
  if (!blogPageExists(pageNumber, page.count)) return null;
  const name = context.tenant.name;
  if (kind === 'landing') {
    return { view: { kind, posts: page.items, more: page.count > page.items.length }, head: { title: 'Blog', description: `Vehicle reviews, buyer advice, motoring tips and servicing insights from ${name}.`, canonicalPath: '/blog' } };
  }
  const head: PageHeadInput = { title: paged('News', pageNumber), description: `The latest news and articles from ${name}.`, canonicalPath: blogListHref('/news', pageNumber) };
  return { view: { kind, posts: page.items, paging: { path: '/news', page: pageNumber, count: page.count } }, head };
}

/**
 * /blog/{slug}: a category page (21 a page, `?page=N`) when the slug names one of the tenant's
 * categories, else an article; null (a 404) for neither, or for a page the category does not have.
 */
export async function loadBlogSlug(context: RouterContext, slug: string, rawPage?: unknown): Promise<{ view: BlogView; head: PageHeadInput } | null> {
  const { postsQueryOptions, postQueryOptions } = await api();
  const category = categoryOfSlug(context.tenant.content.blogCategories, slug);
  if (category) {
    const pageNumber = parseBlogPage(rawPage);
    if (pageNumber === null) return null;
    const [page] = await Promise.all([context.queryClient.ensureQueryData(postsQueryOptions(category, context.services, pageNumber)), BlogPages?.load()]);
    if (!blogPageExists(pageNumber, page.count)) return null;
    const path = blogCategoryPath(category);
    return {
      view: { kind: 'category', category, posts: page.items, paging: { path, page: pageNumber, count: page.count } },
      head: { title: paged(category, pageNumber), description: `${category} from ${context.tenant.name}.`, canonicalPath: blogListHref(path, pageNumber) },
    };
  }
  // An article has no pages: /blog/{article}?page=2 is not a page.
  if (rawPage !== undefined) return null;
  const [post] = await Promise.all([context.queryClient.ensureQueryData(postQueryOptions(slug, context.services)), BlogPages?.load()]);
  if (!post) return null;
  return { view: { kind: 'article', post }, head: { title: post.heading, description: post.description, canonicalPath: post.href, image: post.image, ogType: 'article' } };
}

import type { BlogView } from '../../features/blog/blog-view.ts';
import { featureComponent } from '../../app/feature-component.tsx';
import type { PageHeadInput } from '../../app/head.ts';
import type { RouterContext } from '../../app/router.tsx';
import { blogCategoryPath, categoryOfSlug } from '../../domain/blog.ts';

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

/** /blog or /news: the latest posts. */
export async function loadBlogList(context: RouterContext, kind: 'landing' | 'news'): Promise<{ view: BlogView; head: PageHeadInput }> {
  const { postsQueryOptions } = await api();
  const [page] = await Promise.all([context.queryClient.ensureQueryData(postsQueryOptions(null, context.services)), BlogPages?.load()]);
  const name = context.tenant.name;
  const head: PageHeadInput =
    kind === 'landing'
      ? { title: 'Blog', description: `Vehicle reviews, buyer advice, motoring tips and servicing insights from ${name}.`, canonicalPath: '/blog' }
      : { title: 'News', description: `The latest news and articles from ${name}.`, canonicalPath: '/news' };
  return { view: { kind, posts: page.items }, head };
}

/** /blog/{slug}: a category page when the slug names one of the tenant's categories, else an article (null: a 404). */
export async function loadBlogSlug(context: RouterContext, slug: string): Promise<{ view: BlogView; head: PageHeadInput } | null> {
  const { postsQueryOptions, postQueryOptions } = await api();
  const category = categoryOfSlug(context.tenant.content.blogCategories, slug);
  if (category) {
    const [page] = await Promise.all([context.queryClient.ensureQueryData(postsQueryOptions(category, context.services)), BlogPages?.load()]);
    return {
      view: { kind: 'category', category, posts: page.items },
      head: { title: category, description: `${category} from ${context.tenant.name}.`, canonicalPath: blogCategoryPath(category) },
    };
  }
  const [post] = await Promise.all([context.queryClient.ensureQueryData(postQueryOptions(slug, context.services)), BlogPages?.load()]);
  if (!post) return null;
  return { view: { kind: 'article', post }, head: { title: post.heading, description: post.description, canonicalPath: post.href, image: post.image, ogType: 'article' } };
}

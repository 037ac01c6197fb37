import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../../lib/route-exists.ts';
import { blogListSearch, blogPageFeatures, contentHead, hasBlog, loadBlogSlug } from '../-content/content-data.ts';
import { BlogPages, type BlogView } from '../-content/blog-load.ts';

// Spec §2: a blog category (/blog/vehicle-reviews…) or an article; anything else is a 404.
export const Route = createFileRoute('/blog/$slug')({
  ...pageFor(hasBlog),
  staticData: { available: hasBlog, features: blogPageFeatures },
  validateSearch: blogListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => loadBlogSlug(context, params.slug, deps.page),
  head: contentHead,
  component: function BlogRoute() {
    const { view } = useLoaderData({ strict: false }) as { view: BlogView };
    return BlogPages ? <BlogPages view={view} /> : null;
  },
});

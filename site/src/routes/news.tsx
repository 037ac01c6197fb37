import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../lib/route-exists.ts';
import { blogListSearch, blogPageFeatures, contentHead, hasBlog, loadBlogList } from './-content/content-data.ts';
import { BlogPages, type BlogView } from './-content/blog-load.ts';

// Spec §2: news (the latest articles).
export const Route = createFileRoute('/news')({
  ...pageFor(hasBlog),
  staticData: { available: hasBlog, features: blogPageFeatures },
  validateSearch: blogListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadBlogList(context, 'news', deps.page),
  head: contentHead,
  component: function BlogRoute() {
    const { view } = useLoaderData({ strict: false }) as { view: BlogView };
    return BlogPages ? <BlogPages view={view} /> : null;
  },
});

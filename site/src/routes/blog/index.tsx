import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../../lib/route-exists.ts';
import { blogPageFeatures, contentHead, hasBlog, loadBlogList } from '../-content/content-data.ts';
import { BlogPages, type BlogView } from '../-content/blog-load.ts';

// Spec §2: the blog landing (category cards, featured articles).
export const Route = createFileRoute('/blog/')({
  ...pageFor(hasBlog),
  staticData: { available: hasBlog, features: blogPageFeatures },
  loader: ({ context }) => loadBlogList(context, 'landing'),
  head: contentHead,
  component: function BlogRoute() {
    const { view } = useLoaderData({ strict: false }) as { view: BlogView };
    return BlogPages ? <BlogPages view={view} /> : null;
  },
});

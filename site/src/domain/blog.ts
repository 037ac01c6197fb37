import { toSlug } from './navigation.ts';
import { truncateText } from './text-truncation.ts';

/*
 * Blog and news (spec §2 /blog, /blog/vehicle-reviews, /news, article pages): category cards,
 * featured articles, and cards whose titles are cut at 80 and descriptions at 100 characters
 * (spec §9; limits.blogTitleLength / blogDescriptionLength).
 */

/** Spec §9: blog card titles cut at 80 characters. */
export const BLOG_TITLE_LENGTH = 80;
/** Spec §9: blog card descriptions cut at 100 characters. */
export const BLOG_DESCRIPTION_LENGTH = 100;
/** Featured articles on the blog landing page. */
export const FEATURED_POSTS = 3;

/** What a blog card shows (spec §3 Blog card: heading, description, image, href, date). */
export interface BlogCardText {
  heading: string;
  description: string;
}

/** A card's heading and description cut to the tenant's lengths (80 and 100 by default). */
export function blogCardText(post: { heading: string; description: string }, limits: { title?: number; description?: number } = {}): BlogCardText {
  return {
    heading: truncateText(post.heading, limits.title ?? BLOG_TITLE_LENGTH).preview,
    description: truncateText(post.description, limits.description ?? BLOG_DESCRIPTION_LENGTH).preview,
  };
}

/** The path of a blog category page: /blog/{category slug} ('Vehicle Reviews' → /blog/vehicle-reviews). */
export function blogCategoryPath(category: string): string {
  return `/blog/${toSlug(category)}`;
}

/** The category a /blog/{slug} names among the tenant's categories, or null (then the slug is an article). */
export function categoryOfSlug(categories: readonly string[], slug: string): string | null {
  return categories.find((category) => toSlug(category) === slug) ?? null;
}

/** The featured articles of the landing page: featured posts first (newest first as given), up to `count`. */
export function featuredPosts<T extends { featured: boolean }>(posts: readonly T[], count = FEATURED_POSTS): T[] {
  return posts.filter((post) => post.featured).slice(0, count);
}

import { toSlug } from './navigation.ts';
import { truncateText } from './text-truncation.ts';

/*
 * Blog and news (spec §2 /blog, /blog/vehicle-reviews, /news, article pages): category cards,
 * featured articles, and cards whose titles are cut at 80 and descriptions at 100 characters
 * (spec §9; limits.blogTitleLength / blogDescriptionLength).
 */

/** Made on first use: building a date format loads ICU data, which no page should pay for at start-up. */
let day: Intl.DateTimeFormat | undefined;

/**
 * A post's date as Australians write it ('2026-03-05' → '5 March 2026'). Dates are calendar days,
 * formatted in UTC so every time zone shows the same day (blog cards, articles, the vehicle page's
 * blogs block).
 */
export function calendarDay(iso: string): string {
  day ??= new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  return day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

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

/** Articles per page of /news and the category pages (spec §9: lists 21 per page). */
export const BLOG_PAGE_SIZE = 21;

/**
 * The page number of a paged article list from its `?page=` value: absent → 1; a whole number
 * from 1 → that page; anything else (0, -1, 2.5, 'two') → null, which the page answers with a 404
 * (as it does a page beyond the last).
 */
export function parseBlogPage(raw: unknown): number | null {
  if (raw === undefined) return 1;
  const text = String(raw);
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : null;
}

/** Whether `page` exists for a list of `count` articles: page 1 always (an empty list says so), others up to the last. */
export function blogPageExists(page: number, count: number, pageSize = BLOG_PAGE_SIZE): boolean {
  return page === 1 || (page >= 1 && page <= Math.ceil(count / pageSize));
}

/** The URL of a page of an article list: the list's path, with `?page=N` from page 2. */
export function blogListHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** The numbered page links of a list of `count` articles: 1…pages, none when all fit on one page. */
export function blogPageNumbers(count: number, pageSize = BLOG_PAGE_SIZE): number[] {
  const pages = Math.ceil(count / pageSize);
  return pages > 1 ? Array.from({ length: pages }, (_, i) => i + 1) : [];
}

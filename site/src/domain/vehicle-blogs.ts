import { blogCardText, calendarDay } from './blog.ts';

/*
 * The blogs block of the vehicle detail page (spec §2 "similar cars …, blogs"): the site's
 * latest posts as blog cards (spec §3 Blog card: heading, description, image, href, date), title
 * and description cut as on the blog pages (spec §9: 80 and 100, limits.blogTitleLength /
 * blogDescriptionLength).
 */

/** How many of the latest posts the vehicle page shows (one row of cards on a desktop). */
export const VEHICLE_PAGE_POSTS = 3;

/** A post as the block needs it (the blog API's record). */
export interface BlogPostRef {
  id: number;
  heading: string;
  description: string;
  image: string;
  href: string;
  /** ISO date (YYYY-MM-DD…). */
  date: string;
  category: string;
}

/** A card of the block: the cut texts, the whole heading (for a title tooltip when cut) and the day shown. */
export interface VehicleBlogCard {
  id: number;
  heading: string;
  fullHeading: string;
  description: string;
  image: string;
  href: string;
  date: string;
  dateText: string;
  category: string;
}

/** ISO calendar days (YYYY-MM-DD…) order as text; no collator needed (site/src/lib/no-intl.test.ts). */
function compareDay(a: string, b: string): number {
  const x = a.slice(0, 10);
  const y = b.slice(0, 10);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The latest `count` posts, newest first by date (a later post of the same day first by id),
 * as cards with texts cut at the tenant's lengths. Only posts with a page of their own
 * (an href under /blog/) are shown, so every card leads somewhere.
 */
export function vehicleBlogCards(posts: readonly BlogPostRef[], limits: { title: number; description: number }, count = VEHICLE_PAGE_POSTS): VehicleBlogCard[] {
  return posts
    .filter((post) => post.href.startsWith('/blog/'))
    .toSorted((a, b) => compareDay(b.date, a.date) || b.id - a.id)
    .slice(0, Math.max(0, count))
    .map((post) => {
      const text = blogCardText(post, limits);
      return {
        id: post.id,
        heading: text.heading,
        fullHeading: post.heading,
        description: text.description,
        image: post.image,
        href: post.href,
        date: post.date,
        dateText: calendarDay(post.date),
        category: post.category,
      };
    });
}

import { describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, blogCardText, blogCategoryPath, blogListHref, blogPageExists, blogPageNumbers, calendarDay, categoryOfSlug, featuredPosts, parseBlogPage } from './blog.ts';

describe('blogCardText (spec §9: titles cut at 80, descriptions at 100)', () => {
  it('keeps a title of 80 characters and a description of 100 whole', () => {
    const heading = 'x'.repeat(80);
    const description = 'y'.repeat(100);
    expect(blogCardText({ heading, description })).toEqual({ heading, description });
  });
  it('cuts longer ones to at most the limit, ending with an ellipsis', () => {
    const heading = 'Ten things every first-time buyer should check before signing for a used family SUV';
    const description = 'Service history, tyres, rego and the finance fine print: our checklist covers every step from the test drive to the handover.';
    expect(heading.length).toBeGreaterThan(80);
    expect(description.length).toBeGreaterThan(100);
    const card = blogCardText({ heading, description });
    expect(card.heading.endsWith('…')).toBe(true);
    expect(card.heading.length).toBeLessThanOrEqual(81);
    expect(card.description.endsWith('…')).toBe(true);
    expect(card.description.length).toBeLessThanOrEqual(101);
    expect(card.heading).toBe('Ten things every first-time buyer should check before signing for a used family…');
  });
  it('uses the tenant lengths when given', () => {
    expect(blogCardText({ heading: 'Winter tyre care', description: 'd' }, { title: 6 }).heading).toBe('Winter…');
  });
});

describe('blog categories', () => {
  it('maps category names to /blog/{slug} and back', () => {
    expect(blogCategoryPath('Vehicle Reviews')).toBe('/blog/vehicle-reviews');
    expect(blogCategoryPath('4x4xMORE Adventures')).toBe('/blog/4x4xmore-adventures');
    const categories = ['Vehicle Reviews', 'Buyer Advice'];
    expect(categoryOfSlug(categories, 'buyer-advice')).toBe('Buyer Advice');
    expect(categoryOfSlug(categories, 'when-should-you-replace-your-tyres')).toBeNull();
  });
  it('features up to 3 featured posts', () => {
    const posts = [true, false, true, true, true].map((featured, id) => ({ id, featured }));
    expect(featuredPosts(posts).map((p) => p.id)).toEqual([0, 2, 3]);
  });
});

describe('paged article lists (21 per page)', () => {
  it('reads ?page= and refuses what is not a page', () => {
    expect(BLOG_PAGE_SIZE).toBe(21);
    expect(parseBlogPage(undefined)).toBe(1);
    expect(parseBlogPage('2')).toBe(2);
    expect(parseBlogPage(3)).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'two', '', '02']) expect([bad, parseBlogPage(bad)]).toEqual([bad, null]);
  });
  it('has page 1 always and the others up to the last: 22 articles are 2 pages, 21 one', () => {
    expect(blogPageExists(1, 0)).toBe(true);
    expect(blogPageExists(2, 22)).toBe(true);
    expect(blogPageExists(3, 22)).toBe(false);
    expect(blogPageExists(2, 21)).toBe(false);
    expect(blogPageNumbers(21)).toEqual([]);
    expect(blogPageNumbers(22)).toEqual([1, 2]);
    expect(blogPageNumbers(43)).toEqual([1, 2, 3]);
  });
  it('links page 1 as the list itself and later pages with ?page=', () => {
    expect(blogListHref('/news', 1)).toBe('/news');
    expect(blogListHref('/blog/vehicle-reviews', 2)).toBe('/blog/vehicle-reviews?page=2');
  });
});

describe('calendarDay', () => {
  it('writes the day as Australians do, whatever the time of day', () => {
    expect(calendarDay('2026-03-05')).toBe('5 March 2026');
    expect(calendarDay('2026-03-05T23:30:00Z')).toBe('5 March 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { VEHICLE_PAGE_POSTS, vehicleBlogCards, type BlogPostRef } from './vehicle-blogs.ts';

const post = (id: number, date: string, over: Partial<BlogPostRef> = {}): BlogPostRef => ({
  id,
  heading: `Post ${id}`,
  description: `About post ${id}`,
  image: `/img/${id}.jpg`,
  href: `/blog/post-${id}`,
  date,
  category: 'Buyer Advice',
  ...over,
});

const limits = { title: 80, description: 100 };

describe('vehicleBlogCards (spec §2 vehicle page blogs, §3 Blog card, §9 truncations)', () => {
  it('shows the latest three posts, newest first', () => {
    const cards = vehicleBlogCards([post(1, '2026-01-01'), post(2, '2026-03-01'), post(3, '2026-02-01'), post(4, '2026-04-01')], limits);
    expect(VEHICLE_PAGE_POSTS).toBe(3);
    expect(cards.map((card) => card.id)).toEqual([4, 2, 3]);
  });

  it('puts the later post of the same day (higher id) first', () => {
    expect(vehicleBlogCards([post(5, '2026-02-01'), post(6, '2026-02-01T09:00:00Z')], limits).map((card) => card.id)).toEqual([6, 5]);
  });

  it('cuts titles at 80 and descriptions at 100 characters (spec §9), keeping the whole title', () => {
    const heading = 'The complete guide to choosing a family SUV that fits the kids, the dog and the weekend gear';
    const description = 'x'.repeat(150);
    const [card] = vehicleBlogCards([post(1, '2026-01-01', { heading, description })], limits);
    expect(heading.length).toBeGreaterThan(80);
    expect(card?.heading.length).toBeLessThanOrEqual(81);
    expect(card?.heading.endsWith('…')).toBe(true);
    expect(card?.fullHeading).toBe(heading);
    expect(card?.description).toBe(`${'x'.repeat(100)}…`);
  });

  it('leaves texts within the limits whole, and follows the tenant limits', () => {
    const [card] = vehicleBlogCards([post(1, '2026-01-01', { heading: 'Short', description: 'Twelve chars' })], { title: 80, description: 6 });
    expect(card?.heading).toBe('Short');
    expect(card?.description).toBe('Twelve…');
  });

  it('shows only posts with a blog page of their own', () => {
    expect(vehicleBlogCards([post(1, '2026-01-01', { href: 'https://example.com/elsewhere' }), post(2, '2026-01-02')], limits).map((card) => card.id)).toEqual([2]);
  });

  it('shows nothing without posts or with a count of 0', () => {
    expect(vehicleBlogCards([], limits)).toEqual([]);
    expect(vehicleBlogCards([post(1, '2026-01-01')], limits, 0)).toEqual([]);
  });
});

import { describe, expect, test } from 'vitest';
import { generateBlogPosts, generateModels, generateOffers, modelMakes } from './content.ts';
import { createRng } from './random.ts';

describe('seeded model pages', () => {
  test("Kia's last model is coming soon in every seed (range-road-kia's Register Interest form)", () => {
    const kia = modelMakes().find((make) => make.make === 'Kia')!;
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const models = generateModels(createRng(seed), kia);
      expect({ seed, statuses: models.map((m) => m.status) }).toEqual({ seed, statuses: [...Array(models.length - 1).fill('available'), 'coming_soon'] });
    }
  });

  test('other makes still get a coming-soon model by chance only, never more than one', () => {
    const rng = createRng('models');
    const counts = modelMakes()
      .filter((make) => make.make !== 'Kia')
      .map((make) => generateModels(rng, make).filter((m) => m.status === 'coming_soon').length);
    expect(Math.max(...counts)).toBe(1);
    expect(counts.some((n) => n === 0)).toBe(true);
  });
});

describe('seeded blog', () => {
  test('more than one page of 21 articles, the archive older than the rest, slugs unique', () => {
    const posts = generateBlogPosts(createRng('blog'), Date.parse('2026-11-26T00:00:00Z'), 'Kia', 'Sportage', false);
    expect(posts.length).toBe(24);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    expect(posts.slice(-12).every((p) => p.published_on < '2025-10-22')).toBe(true);
    expect(posts.filter((p) => p.featured)).toHaveLength(3);
  });
});

describe('seeded offers', () => {
  const makes = [
    { make: 'Mazda', model: 'CX-5', price: 40_000 },
    { make: 'Toyota', model: 'RAV4', price: 45_000 },
    { make: 'Kia', model: 'Sportage', price: 38_000 },
  ];
  test('the EOFY offers run through the coming June, Brisbane time (this June while it lasts)', () => {
    for (const [now, year] of [['2026-11-27T00:00:00Z', 2027], ['2027-06-10T00:00:00Z', 2027], ['2027-06-30T14:00:00Z', 2028]] as const) {
      const eofy = generateOffers(createRng(1), Date.parse(now), makes).filter((o) => o.campaign === 'eofy');
      expect(eofy).toHaveLength(2);
      for (const offer of eofy) {
        // 1 June 00:00 to 30 June 23:59:59 in Brisbane (UTC+10).
        expect(offer.starts_at.toISOString()).toBe(`${year}-05-31T14:00:00.000Z`);
        expect(offer.expires_at.toISOString()).toBe(`${year}-06-30T13:59:59.000Z`);
        expect(offer.terms_html).toContain('<ul>');
      }
    }
  });
  test('the other offers belong to no campaign', () => {
    const others = generateOffers(createRng(1), Date.parse('2026-11-27T00:00:00Z'), makes).filter((o) => o.campaign !== 'eofy');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((o) => o.campaign === null)).toBe(true);
  });
});

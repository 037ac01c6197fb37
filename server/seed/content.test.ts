import { describe, expect, test } from 'vitest';
import { generateBlogPosts, generateModels, modelMakes } from './content.ts';
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

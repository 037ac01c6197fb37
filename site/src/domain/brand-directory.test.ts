import { describe, expect, it } from 'vitest';
import { brandForOverview, brandOverviewPath, brandPicture, brandSections, type BrandEntryLike } from './brand-directory.ts';

const entry = (title: string, kind: BrandEntryLike['kind'], extra: Partial<BrandEntryLike> = {}): BrandEntryLike => ({
  title,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  kind,
  logo: `/images/brands/${title.toLowerCase()}.svg`,
  skipPage: false,
  ...extra,
});

describe('brandSections', () => {
  it('orders car, motorcycle, truck, then own brands, each alphabetically, and leaves out empty kinds', () => {
    const sections = brandSections([
      entry('Yamaha', 'motorcycle'),
      entry('Toyota', 'car'),
      entry('Harbourside Motor Group', 'own'),
      entry('Hino', 'truck'),
      entry('Mazda', 'car'),
      entry('Kawasaki', 'motorcycle'),
    ]);
    expect(sections.map((s) => [s.heading, s.brands.map((b) => b.title)])).toEqual([
      ['Car brands', ['Mazda', 'Toyota']],
      ['Motorcycle brands', ['Kawasaki', 'Yamaha']],
      ['Truck brands', ['Hino']],
      ['Our own brands', ['Harbourside Motor Group']],
    ]);
    expect(brandSections([entry('Kia', 'car')]).map((s) => s.kind)).toEqual(['car']);
    expect(brandSections([])).toEqual([]);
  });
});

describe('brandPicture (spec §8: missing brand logo → image-not-found placeholder)', () => {
  it('shows the logo when there is one', () => {
    expect(brandPicture('/images/brands/kia.svg')).toEqual({ kind: 'logo', src: '/images/brands/kia.svg' });
  });
  it('shows the placeholder for a missing or blank logo', () => {
    expect(brandPicture(null)).toEqual({ kind: 'placeholder' });
    expect(brandPicture(undefined)).toEqual({ kind: 'placeholder' });
    expect(brandPicture('  ')).toEqual({ kind: 'placeholder' });
  });
});

describe('brand overview pages (spec §2 /{brand-slug}/overview)', () => {
  const entries = [entry('Toyota', 'car'), entry('Harbourside Motor Group', 'own', { skipPage: true })];
  it('is /{slug}/overview', () => {
    expect(brandOverviewPath('mercedes-benz')).toBe('/mercedes-benz/overview');
  });
  it('finds the entry by slug; skipPage entries and unknown slugs have no page', () => {
    expect(brandForOverview(entries, 'toyota')?.title).toBe('Toyota');
    expect(brandForOverview(entries, 'harbourside-motor-group')).toBeNull();
    expect(brandForOverview(entries, 'holden')).toBeNull();
  });
});

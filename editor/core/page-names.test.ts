import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './editor-app.ts';
import { PAGE_NAMES, pageAddress, pageName } from '../shared/page-names.ts';

// The route ids of the site, read from the generated route tree's own list.
const generated = readFileSync(path.join(REPO_ROOT, 'site/src/routeTree.gen.ts'), 'utf8');
const ids = [...(/export interface FileRoutesById \{([^]*?)\n\}/.exec(generated)?.[1] ?? '').matchAll(/'?([^',:\s]+)'?:\s*typeof /g)].map((m) => m[1]!);

describe('page names in the build report', () => {
  it('names every page of the site for staff, in words, with no internal file names', () => {
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id) => PAGE_NAMES[id] === undefined)).toEqual([]);
    for (const id of ids) expect(pageName(id)).toMatch(/^[A-Z][A-Za-z ,()/-]+$/);
    expect(new Set(ids.map(pageName)).size).toBe(ids.length);
  });

  it('shows the address shoppers see, with "…" for the part that names a car, location or post', () => {
    expect(pageAddress('/cars/$slug_/checkout')).toBe('/cars/…/checkout');
    expect(pageAddress('/$brand/overview')).toBe('/…/overview');
    expect(pageAddress('/pages/eofy-{$slug}')).toBe('/pages/eofy-…');
    expect(pageAddress('/blog/')).toBe('/blog');
    expect(pageAddress('/')).toBe('/');
    expect(pageAddress('__root__')).toBe('');
  });
});

import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, validateTenantSet } from '../../schema/validate.ts';
import { loadTenantFiles } from './tenants.ts';

describe('loadTenantFiles', () => {
  it('reads the *.json files of a folder in name order, skipping sub-folders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tenants-'));
    await writeFile(join(dir, 'b.json'), '{"slug":"b"}');
    await writeFile(join(dir, 'a.json'), '{"slug":"a"}');
    await writeFile(join(dir, 'notes.md'), 'x');
    await mkdir(join(dir, 'assets'));

    const files = await loadTenantFiles(dir);

    expect(files.map((f) => f.file)).toEqual(['a.json', 'b.json']);
    expect(files[0]?.text).toBe('{"slug":"a"}');
  });
});

describe('sample tenants', () => {
  it('are all valid, without warnings', async () => {
    const files = await loadTenantFiles();

    const issues = validateTenantSet(files).flatMap((r) => r.issues).map(formatIssue);

    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(issues).toEqual([]);
  });

  it('cover the site variants: a dealer group, a brand site, online reservation and purchase, other vehicle types', async () => {
    const configs = validateTenantSet(await loadTenantFiles()).map((r) => r.config!);
    const some = (pred: (c: (typeof configs)[number]) => boolean) => configs.some(pred);

    expect(some((c) => c.template === 'dealer-group' && c.features.garage && c.features.groupSiteLinks && c.navigation.headerVariant === 'dealer-group')).toBe(true);
    expect(some((c) => c.template === 'brand' && c.navigation.headerVariant === 'brand-style' && c.features.modelPages && c.features.warrantySection)).toBe(true);
    expect(some((c) => c.features.reserveButton && c.features.buyOnline && c.routes.checkoutPathVariant === 'buy-online' && c.features.subscriptionLayout && c.features.tradeIn)).toBe(true);
    expect(some((c) => c.search.itemType === 'caravan')).toBe(true);
    expect(some((c) => c.search.certifiedOnly)).toBe(true);
    expect(some((c) => c.search.itemType === 'motorcycle' || c.search.itemType === 'truck')).toBe(true);
    expect(some((c) => c.promotions.some((p) => p.start === '2025-07-01T00:00:00+10:00' && p.expiry === '2025-07-24T23:59:59+10:00'))).toBe(true);
    expect(new Set(configs.map((c) => c.finance.provider)).size).toBe(configs.length);
    expect(new Set(configs.map((c) => c.theme.colours.primary)).size).toBe(configs.length);
  });
});

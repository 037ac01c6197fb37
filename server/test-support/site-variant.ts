import fs from 'node:fs';
import path from 'node:path';
import { LAUNCH_CHECK_IDS } from '../../schema/launch-checklist.ts';

/** The alpha-motors test tenant, the file the variants are made from. */
const FIXTURE = path.join(import.meta.dirname, '..', 'test-fixtures', 'tenants', 'alpha-motors.json');

/**
 * A copy of the alpha-motors test tenant as another site (its own slug, name, address,
 * dealership and location slugs), launched with every pre-launch check acknowledged when asked:
 * for tests of what a launched site shows beside one that is not.
 * @param slug the site's slug
 * @param name the site's name
 * @param launched mark it launched
 */
export function siteVariant(slug: string, name: string, launched: boolean): Record<string, unknown> {
  const t = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, unknown> & { dealer: { dealerships: { slug: string }[]; locations: { slug: string; dealershipSlug: string }[] } };
  t.slug = slug;
  t.name = name;
  t.siteUrl = `https://www.${slug}.example.com.au`;
  t.dealer.dealerships.forEach((d) => (d.slug = `${slug}-${d.slug}`));
  t.dealer.locations.forEach((l) => {
    l.slug = `${slug}-${l.slug}`;
    l.dealershipSlug = `${slug}-${l.dealershipSlug}`;
  });
  if (launched) t.launch = { launched: true, acknowledged: [...LAUNCH_CHECK_IDS] };
  return t;
}

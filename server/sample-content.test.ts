import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { siteVariant } from './test-support/site-variant.ts';

/*
 * A launched site hides sample content by itself: two sites with the same sample-data features
 * on (location reviews, news pages, the price gauge), one launched with its checks acknowledged.
 * The one not launched answers the samples (its preview shows what the checklist names); the
 * launched one answers none of them.
 */

let dataDir: string;
let tenantsDir: string;
let server: RunningServer;
const host = (slug: string) => `${slug}.localhost:${server.port}`;
const call = (slug: string, p: string) => request(server.port, host(slug), p);

function tenant(slug: string, launched: boolean) {
  const t = siteVariant(slug, slug === 'alpha-motors' ? 'Alpha Motors' : 'Launched Motors', launched);
  t.features = { locationReviews: true, blog: true, priceGauge: true, marketPriceHint: true };
  return t;
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-sample-content-');
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-sample-tenants-'));
  for (const [slug, launched] of [['alpha-motors', false], ['launched-motors', true]] as const) {
    fs.writeFileSync(path.join(tenantsDir, `${slug}.json`), JSON.stringify(tenant(slug, launched), null, 2));
  }
  // An uploaded logo of the first site, in the tenants folder's assets.
  fs.mkdirSync(path.join(tenantsDir, 'assets', 'alpha-motors'), { recursive: true });
  fs.writeFileSync(path.join(tenantsDir, 'assets', 'alpha-motors', 'logo-0123456789ab.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 40, log: () => {} });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

/** Statuses and review counts of one site's sample-data answers. */
async function sampleAnswers(slug: string) {
  const location = `${slug}-alpha-toyota-brisbane`;
  const record = (await call(slug, `/api/locations/${location}`)).json as { review_count: number; reviews: { count: number } };
  const siteId = (await server.db.selectFrom('sites').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const cars = await server.db.selectFrom('cars').select('slug').where('site_id', '=', siteId).where('status', '=', 'in_stock').limit(20).execute();
  let gauges = 0;
  for (const car of cars) if ((await call(slug, `/api/cars/${car.slug}/autogauge`)).status === 200) gauges++;
  const reviews = await call(slug, `/api/locations/${location}/reviews`);
  const blog = await call(slug, '/api/blog');
  const post = (blog.json as { items?: { href: string }[] }).items?.[0]?.href.replace('/blog/', '') ?? 'any-post';
  return {
    reviewCount: record.review_count,
    summaryCount: record.reviews.count,
    reviews: reviews.status,
    blog: blog.status,
    post: (await call(slug, `/api/blog/${post}`)).status,
    gauges,
  };
}

describe('sample content on a launched site', () => {
  test('a site not launched answers its sample reviews, posts and market data (the preview shows them)', async () => {
    const answers = await sampleAnswers('alpha-motors');
    expect(answers.reviewCount).toBeGreaterThan(0);
    expect(answers.summaryCount).toBe(answers.reviewCount);
    expect({ reviews: answers.reviews, blog: answers.blog, post: answers.post }).toEqual({ reviews: 200, blog: 200, post: 200 });
    expect(answers.gauges).toBeGreaterThan(0);
  });

  test('a launched site answers none of them, although the features are on in its file', async () => {
    const written = JSON.parse(fs.readFileSync(path.join(tenantsDir, 'launched-motors.json'), 'utf8')) as { features: Record<string, boolean> };
    expect(written.features).toMatchObject({ locationReviews: true, blog: true, priceGauge: true });
    expect(await sampleAnswers('launched-motors')).toEqual({ reviewCount: 0, summaryCount: 0, reviews: 404, blog: 404, post: 404, gauges: 0 });
  });
});

describe('uploaded logos', () => {
  test('the platform serves a tenant its own uploads from the tenants folder, to no other host', async () => {
    const own = await call('alpha-motors', '/tenants/assets/alpha-motors/logo-0123456789ab.svg');
    expect([own.status, own.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect((await call('launched-motors', '/tenants/assets/alpha-motors/logo-0123456789ab.svg')).status).toBe(404);
  });
});

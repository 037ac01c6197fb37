import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { BlogCardSchema, BlogPostSchema, BrandDirectoryEntrySchema, ModelListingPageSchema, OfferSchema, OffersPageSchema, pagedSchema } from '../schema/api/index.ts';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * Content for the brand directory and the special offers page over HTTP: a brand
 * without a logo answers logo null (the site shows the image-not-found placeholder); offers
 * only inside their window, 21 per page, filtered by category, price range and text, with the
 * live categories for the filter.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const DAY = 86_400_000;
let dataDir: string;
let server: RunningServer;
let A: string;
let siteId: number;
const call = (p: string) => request(server.port, A, p);
const offers = async (qs = '') => OffersPageSchema.parse((await call(`/api/offers${qs}`)).json);

beforeAll(async () => {
  dataDir = freshDataDir('fc-content-');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 40, log: () => {} });
  A = `alpha-motors.localhost:${server.port}`;
  siteId = (await server.db.selectFrom('sites').select('id').where('slug', '=', 'alpha-motors').executeTakeFirstOrThrow()).id;
  // A known set of offers: the seeded ones go, these stand in (now = the real clock).
  await server.db.deleteFrom('offers').where('site_id', '=', siteId).execute();
  const now = Date.now();
  const offer = (i: number, over: { category: string; price: number | null; title: string; start: number; end: number }) => ({
    site_id: siteId,
    slug: `test-offer-${i}`,
    title: over.title,
    category: over.category,
    make: 'Toyota',
    model: 'Corolla',
    car_type: 'new',
    price: over.price,
    description: `Offer ${i} for 100% of shoppers`,
    terms_html: '<p>Conditions apply.</p>',
    starts_at: new Date(now + over.start * DAY),
    expires_at: new Date(now + over.end * DAY),
  });
  const rows = [
    ...Array.from({ length: 23 }, (_, i) => offer(i, { category: 'Drive Away', price: 25_000 + i * 2_000, title: `Corolla drive-away ${i}`, start: -5, end: 30 + i })),
    offer(100, { category: 'Finance', price: null, title: 'HiLux 1.9% finance', start: -1, end: 10 }),
    offer(101, { category: 'Servicing', price: null, title: 'Expired servicing deal', start: -40, end: -1 }),
    offer(102, { category: 'Clearance', price: 20_000, title: 'Not started yet', start: 3, end: 40 }),
  ];
  await server.db.insertInto('offers').values(rows).execute();
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('special offers search', () => {
  test('lists only offers inside their window, 21 per page, with the live categories', async () => {
    const first = await offers();
    expect(first.count).toBe(24);
    expect(first.items).toHaveLength(21);
    expect(first.pages).toBe(2);
    expect(first.categories).toEqual(['Drive Away', 'Finance']);
    const second = await offers('?page=2');
    expect(second.items).toHaveLength(3);
    const titles = [...first.items, ...second.items].map((o) => o.title);
    expect(titles).not.toContain('Expired servicing deal');
    expect(titles).not.toContain('Not started yet');
    const now = Date.now();
    for (const o of [...first.items, ...second.items]) expect(Date.parse(o.start) <= now && now < Date.parse(o.expiry)).toBe(true);
  });

  test('filters by category, price range (offers without a price left out) and text', async () => {
    expect((await offers('?category=Finance')).items.map((o) => o.title)).toEqual(['HiLux 1.9% finance']);
    // 25,000 + 2,000 i below 30,000: i = 0, 1, 2.
    const under30 = await offers('?price_min=0&price_max=30000');
    expect(under30.items.map((o) => o.price)).toEqual([25_000, 27_000, 29_000]);
    expect((await offers('?price_min=60000')).items.map((o) => o.price)).toEqual([61_000, 63_000, 65_000, 67_000, 69_000]);
    expect((await offers('?query=hilux')).items.map((o) => o.title)).toEqual(['HiLux 1.9% finance']);
    // Text is matched literally: '%' is not a wildcard.
    expect((await offers('?query=%25')).count).toBe(24);
    expect((await offers('?query=1%25')).count).toBe(0);
    expect((await offers('?category=Clearance')).count).toBe(0);
  });

  test('filters by campaign: the EOFY pages ask only for the dealer\'s EOFY offers', async () => {
    const [row] = await server.db.selectFrom('offers').select('id').where('site_id', '=', siteId).where('slug', '=', 'test-offer-3').execute();
    await server.db.updateTable('offers').set({ campaign: 'eofy' }).where('id', '=', row!.id).execute();
    try {
      const eofy = await offers('?campaign=eofy');
      expect(eofy.items.map((o) => [o.id, o.campaign])).toEqual([[row!.id, 'eofy']]);
      expect((await offers()).items.filter((o) => o.campaign === null)).toHaveLength(20);
      expect((await call('/api/offers?campaign=christmas')).status).toBe(400);
    } finally {
      await server.db.updateTable('offers').set({ campaign: null }).where('id', '=', row!.id).execute();
    }
  });

  test('rejects a bad page size or price', async () => {
    expect((await call('/api/offers?per_page=500')).status).toBe(400);
    expect((await call('/api/offers?price_min=-1')).status).toBe(400);
  });
});

describe('model listing (spec §7/§9: 21 per page)', () => {
  test("pages a make's models 21 at a time, leaves out makes the site does not sell, and limits the page size", async () => {
    const make = await server.db.selectFrom('manufacturers').select(['id', 'slug']).where('slug', '=', 'toyota').executeTakeFirstOrThrow();
    await server.db
      .insertInto('models')
      .values(Array.from({ length: 23 }, (_, i) => ({ manufacturer_id: make.id, slug: `listing-test-${i}`, name: `Listing ${i}`, full_name: `Toyota Listing ${i}`, status: 'available', short_description: 'A model for the listing test.', brochure_url: null, specifications: JSON.stringify([]), driver_assistance: JSON.stringify([]) }) as never))
      .execute();
    const { n } = await server.db.selectFrom('models').select((eb) => eb.fn.countAll<number>().as('n')).where('manufacturer_id', '=', make.id).executeTakeFirstOrThrow();
    const total = Number(n);
    expect(total).toBeGreaterThanOrEqual(23);
    const first = ModelListingPageSchema.parse((await call('/api/model-listing?manufacturer=toyota')).json);
    expect(first.items).toHaveLength(21);
    expect(first).toMatchObject({ count: total, page: 1, pages: Math.ceil(total / 21) });
    const last = ModelListingPageSchema.parse((await call(`/api/model-listing?manufacturer=toyota&page=${Math.ceil(total / 21)}`)).json);
    expect(last.items).toHaveLength(total - 21 * (Math.ceil(total / 21) - 1));
    expect(new Set([...first.items, ...last.items].map((m) => m.slug)).size).toBe(first.items.length + last.items.length);
    expect(ModelListingPageSchema.parse((await call('/api/model-listing?manufacturer=ferrari')).json)).toEqual({ items: [], count: 0, page: 1, pages: 0 });
    const big = await call('/api/model-listing?per_page=61');
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.json)).toContain('per_page');
  });
});

describe('dealer HTML (article bodies, offer terms) is sanitised on the server', () => {
  const HOSTILE = `<h1 style="color:red">Winter tyre guide</h1><script>document.cookie</script>
    <p onclick="steal()">Read our <a href="/trade-in" onmouseover="x()">trade-in guide</a>, the
    <a href="https://www.ancap.com.au/">ANCAP ratings</a> and <a href="javascript:alert(1)">this</a>.</p>
    <img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>
    <ul><li>Check tread <strong>depth</strong></li></ul>`;

  test('an article arrives as the allowlisted tree: no script, handler, style or javascript: link; lists carry no bodies', async () => {
    await server.db.insertInto('blog_posts').values({ site_id: siteId, slug: 'winter-tyre-guide', category: 'Motoring Tips', heading: 'Winter tyre guide', description: 'Tyres.', published_on: '2026-06-01', featured: false, body_html: HOSTILE }).execute();
    const answer = await call('/api/blog/winter-tyre-guide');
    expect(answer.status).toBe(200);
    const post = BlogPostSchema.parse(answer.json);
    expect(post.body).toEqual([
      { tag: 'h2', children: [{ text: 'Winter tyre guide' }] },
      {
        tag: 'p',
        children: [
          { text: 'Read our ' },
          { tag: 'a', attrs: { href: '/trade-in' }, children: [{ text: 'trade-in guide' }] },
          { text: ', the\n    ' },
          { tag: 'a', attrs: { href: 'https://www.ancap.com.au/', external: true }, children: [{ text: 'ANCAP ratings' }] },
          { text: ' and ' },
          { text: 'this' },
          { text: '.' },
        ],
      },
      { tag: 'ul', children: [{ tag: 'li', children: [{ text: 'Check tread ' }, { tag: 'strong', children: [{ text: 'depth' }] }] }] },
    ]);
    expect(answer.text).not.toMatch(/<script|cookie|onclick|onerror|onmouseover|javascript|style|evil|iframe/i);
    // A list of posts carries cards only.
    const list = await call('/api/blog?category=Motoring%20Tips');
    const cards = pagedSchema(BlogCardSchema.strict()).parse(list.json);
    expect(cards.items.map((c) => c.slug)).toContain('winter-tyre-guide');
  });

  test("every seeded article's CMS HTML comes out clean, with headings, lists and only checked links", async () => {
    const list = pagedSchema(BlogCardSchema).parse((await call('/api/blog?per_page=60')).json);
    const seeded = list.items.filter((c) => c.slug !== 'winter-tyre-guide');
    expect(seeded.length).toBeGreaterThan(10);
    for (const card of seeded) {
      const answer = await call(`/api/blog/${card.slug}`);
      const post = BlogPostSchema.parse(answer.json);
      expect(answer.text).not.toMatch(/<|dataLayer|javascript|style=|class=/i);
      const tags = new Set<string>();
      const hrefs: string[] = [];
      const walk = (nodes: typeof post.body) => {
        for (const n of nodes) {
          if ('tag' in n) {
            tags.add(n.tag);
            if (n.attrs) hrefs.push(n.attrs.href);
            walk(n.children);
          }
        }
      };
      walk(post.body);
      expect({ slug: card.slug, h2: tags.has('h2'), list: tags.has('ul') || tags.has('ol') }).toEqual({ slug: card.slug, h2: true, list: true });
      expect(tags.has('h1' as never)).toBe(false);
      for (const href of hrefs) expect(href).toMatch(/^(\/[a-z]|https:\/\/)/);
      // Placeholders are filled in.
      expect(answer.text).not.toMatch(/\{(make|model)\}/);
    }
  });

  test("an offer's terms arrive as rich text, in the list and alone", async () => {
    const [row] = await server.db.selectFrom('offers').select('id').where('site_id', '=', siteId).where('slug', '=', 'test-offer-100').execute();
    await server.db.updateTable('offers').set({ terms_html: '<p>Finance <b>subject to approval</b>.<script>x()</script></p><a href="vbscript:msgbox">Apply</a>' }).where('id', '=', row!.id).execute();
    const terms = [
      { tag: 'p', children: [{ text: 'Finance ' }, { tag: 'b', children: [{ text: 'subject to approval' }] }, { text: '.' }] },
      { tag: 'p', children: [{ text: 'Apply' }] },
    ];
    expect(OfferSchema.parse((await call(`/api/offers/${row!.id}`)).json).terms).toEqual(terms);
    expect((await offers('?category=Finance')).items[0]?.terms).toEqual(terms);
  });
});

describe('brand directory', () => {
  test("brands the platform knows and the site's own brand have a logo; any other brand has none (logo null)", async () => {
    await server.db
      .insertInto('brand_directory')
      .values({ site_id: siteId, manufacturer_id: null, slug: 'roadmaster-trailers', title: 'Roadmaster Trailers', kind: 'truck', description: JSON.stringify(['A local trailer maker.']), skip_page: false })
      .execute();
    const brands = z.array(BrandDirectoryEntrySchema).parse((await call('/api/brands')).json);
    expect(brands.find((b) => b.slug === 'toyota')?.logo).toBe('/images/brands/toyota.svg');
    expect(brands.find((b) => b.slug === 'roadmaster-trailers')?.logo).toBeNull();
    expect((await call('/images/brands/toyota.svg')).status).toBe(200);
  });
});

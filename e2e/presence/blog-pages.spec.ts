import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { urlSlug } from '../lib/spec-values.ts';

// Blog pagination (spec §9 lists of 21), every tenant: /news and the category pages show
// 21 articles a page with numbered links to the pages that exist; page 2 and on are pages of
// their own (title, canonical); a page beyond the last, or not a page number, is a 404. The demo
// data has more than 21 articles on every blog. Tenants without a blog: 404s.

type ApiPage = { items: { heading: string; href: string }[]; count: number; pages: number };

/** A tenant without a blog has no article pages at all. */
async function expectNoBlogPages(slug: string) {
  for (const path of ['/news', '/news?page=2', '/blog/vehicle-reviews?page=2']) expect((await tenantHttp(slug, path)).status, path).toBe(404);
}

test.describe('blog pages', () => {
  test('/news pages through every article, 21 a page, with numbered links to real pages', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.blog) return expectNoBlogPages(tenant.slug);
    const first = (await tenantHttp(tenant.slug, '/api/blog')).json as ApiPage;
    expect(first.count, 'the demo blog has more than one page').toBeGreaterThan(21);
    await page.goto('/blog');
    await page.getByRole('link', { name: 'See all articles' }).click();
    await expect(page).toHaveURL(/\/news$/);
    const pager = page.getByRole('navigation', { name: 'Article pages' });
    await expect(pager).toContainText(`Page 1 of ${first.pages}`);
    await expect(pager.getByRole('link')).toHaveCount(first.pages);
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    for (const href of await pager.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) expect((await tenantHttp(tenant.slug, href)).status, href).toBe(200);

    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News, page 2');
    const second = (await tenantHttp(tenant.slug, '/api/blog?page=2')).json as ApiPage;
    const cards = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(cards).toHaveCount(second.items.length);
    for (const post of second.items) await expect(page.getByRole('main').locator(`a[href="${post.href}"]`)).toHaveCount(1);
    await expectNoAxeViolations(page);

    const response = await page.goto('/news?page=2');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(`News, page 2 | ${tenant.name}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${new URL(tenant.siteUrl).origin}/news?page=2`);
  });

  test('pages that do not exist are 404s', async ({ tenant }) => {
    if (!tenant.features.blog) return expectNoBlogPages(tenant.slug);
    const { pages } = (await tenantHttp(tenant.slug, '/api/blog')).json as ApiPage;
    const [category] = tenant.content.blogCategories;
    const categoryPath = `/blog/${urlSlug(category!)}`;
    const categoryPages = ((await tenantHttp(tenant.slug, `/api/blog?category=${encodeURIComponent(category!)}`)).json as ApiPage).pages;
    const { items } = (await tenantHttp(tenant.slug, '/api/blog')).json as ApiPage;
    for (const path of [`/news?page=${pages + 1}`, '/news?page=0', '/news?page=two', '/news?page=1.5', `${categoryPath}?page=${Math.max(categoryPages, 1) + 1}`, `${items[0]!.href}?page=2`]) {
      const r = await tenantHttp(tenant.slug, path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).toContain('<title>Page not found');
    }
    expect((await tenantHttp(tenant.slug, `${categoryPath}?page=1`)).status).toBe(200);
  });
});

import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { leadsNamed, marker, pickDealership } from '../forms/leads.ts';
import { tick } from '../lib/shopper.ts';

// Model pages (spec §2 /models/{model}, §4 model status), every tenant: each model page
// of the makes the site sells is in the sitemap and answers 200; the brand-style header's Models
// menu leads to them; a coming-soon model's Register Interest leads to its form on the page
// (#register-interest-form), and a filled form is a lead the dealer reads. Tenants without model
// pages have none: 404s and no sitemap entries.

type ApiModel = { slug: string; name: string; full_name: string; status: string; manufacturer_slug: string };

/** A tenant without model pages has none, and none in its sitemap. */
async function expectNoModelPages(slug: string) {
  expect((await tenantHttp(slug, '/models/kia-sportage')).status).toBe(404);
  expect((await tenantHttp(slug, '/sitemap.xml')).text).not.toContain('/models/');
}

test.describe('model pages', () => {
  test('every model page is in the sitemap, and the Models menu leads to model pages', async ({ page, tenant }) => {
    if (!tenant.features.modelPages) return expectNoModelPages(tenant.slug);
    const models = (await tenantHttp(tenant.slug, '/api/models')).json as ApiModel[];
    expect(models.length).toBeGreaterThan(0);
    const sitemap = (await tenantHttp(tenant.slug, '/sitemap.xml')).text;
    const base = new URL(tenant.siteUrl).origin;
    for (const model of models) expect(sitemap, model.slug).toContain(`<loc>${base}/models/${model.slug}</loc>`);
    expect((sitemap.match(/\/models\//g) ?? []).length, 'only the site’s models').toBe(models.length);

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: /main/i }).first();
    await nav.getByRole('button', { name: 'Models' }).click();
    const links = await nav.locator('a[href^="/models/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length, 'the Models menu lists model pages').toBeGreaterThan(0);
    for (const href of links) {
      expect(models.map((m) => `/models/${m.slug}`), `${href} is a model of the site`).toContain(href);
      expect((await tenantHttp(tenant.slug, href!)).status, href!).toBe(200);
    }

    // Discover another model: the make's other models, from the model listing (21 a page).
    const [shown] = models;
    const sameMake = models.filter((m) => m.manufacturer_slug === shown!.manufacturer_slug && m.slug !== shown!.slug).slice(0, 20);
    await page.goto(`/models/${shown!.slug}`);
    const discover = page.getByRole('region', { name: 'Discover another model' });
    if (sameMake.length === 0) await expect(discover).toHaveCount(0);
    else {
      const hrefs = await discover.locator('a[href^="/models/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
      expect(hrefs.toSorted()).toEqual(sameMake.map((m) => `/models/${m.slug}`).toSorted());
    }
  });

  test('a coming-soon model: Register Interest leads to its form, and the lead reaches the dealer', async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    if (!tenant.features.modelPages) return expectNoModelPages(tenant.slug);
    const models = (await tenantHttp(tenant.slug, '/api/models')).json as ApiModel[];
    const model = models.find((m) => m.status === 'coming_soon');
    if (!model) {
      // Nothing coming soon in this seed: no model page offers the form.
      for (const m of models) expect((await tenantHttp(tenant.slug, `/models/${m.slug}`)).text, m.slug).not.toContain('register-interest-form');
      return;
    }
    const available = models.find((m) => m.status !== 'coming_soon');
    if (available) {
      // An available model has Test Drive and no Register Interest form.
      await page.goto(`/models/${available.slug}`);
      await expect(page.locator('#register-interest-form')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: /^Register Interest/ })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: /^Test Drive/ }).first()).toBeVisible();
    }
    await page.goto(`/models/${model.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^Test Drive/ })).toHaveCount(0);
    // The hero's button and every variant card's lead to the form on the page.
    const buttons = main.getByRole('link', { name: /^Register Interest/ });
    expect(await buttons.count()).toBeGreaterThan(1);
    for (const href of await buttons.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toBe('#register-interest-form');
    await main.getByRole('link', { name: 'Register Interest', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/models/${model.slug}#register-interest-form$`));
    const title = `Register your interest in the ${model.full_name}`;
    const form = page.getByRole('form', { name: title });
    await expect(form).toBeInViewport();
    await expectNoAxeViolations(page);

    const name = marker('Interest');
    await pickDealership(form, tenant, 'sales');
    await form.getByLabel('First Name').fill(name);
    await form.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
    await form.getByLabel('Mobile Number').fill('0412 345 678');
    await form.getByLabel('Postcode').fill('4000');
    await form.getByLabel(tenant.labels.commentsLabel).fill(`Please tell me when the ${model.name} arrives.`);
    if (tenant.features.enquiryTermsRequired) await tick(form.getByLabel(/I agree to the/));
    await form.getByRole('button', { name: /^Register Interest/ }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/, { timeout: 15_000 });
    await expect.poll(async () => (await leadsNamed(tenant.slug, name)).length, { timeout: 15_000 }).toBe(1);
    const [lead] = await leadsNamed(tenant.slug, name);
    expect(lead).toMatchObject({ form: 'enquiry', category: 'Register Interest' });
    expect(lead?.fields).toMatchObject({ manufacturer_slug: model.manufacturer_slug, 'Vehicle Model': model.name, car_type: 'new', vehicle_status: 'coming_soon' });
  });
});

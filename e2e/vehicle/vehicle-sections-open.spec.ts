import { expect, onOneTenant, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';

// Spec §4 "Collapsible sections open/close and may persist state": per tenant
// (features.collapsibleSections) the car page's section headings open and close their sections,
// and where the tenant remembers it, a closed section stays closed on the next car.

async function inStockCars(slug: string, count: number): Promise<string[]> {
  const answer = await tenantHttp(slug, '/1/indexes/cars/query', { body: { filters: 'status:in_stock', hitsPerPage: count, attributesToRetrieve: ['slug'] } });
  expect(answer.status).toBe(200);
  return (answer.json as { hits: { slug: string }[] }).hits.map((hit) => hit.slug);
}

// The same code on every site: it runs once per mode (off, on, remembered). Every tenant's car page
// with its sections open passes axe in vehicle-sections.spec.ts.
test('car page sections open and close as the tenant says, and stay closed on the next car where it remembers', onOneTenant({ variant: (t) => t.features.collapsibleSections }), async ({ page, tenant, expectNoAxeViolations }) => {
  const mode = tenant.features.collapsibleSections;
  const [first, second] = await inStockCars(tenant.slug, 2);
  expect(second, 'two cars in stock').toBeDefined();
  await page.goto(`/cars/${first}`);
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
  const keyInformation = page.locator('#key-information');
  await expect(keyInformation.getByRole('heading', { level: 2, name: 'Key information' })).toBeVisible();
  const firstFact = keyInformation.locator('dl').first();
  await expect(firstFact).toBeVisible();
  if (mode === 'off') {
    await expect(keyInformation.getByRole('button', { name: 'Key information' })).toHaveCount(0);
    return;
  }
  const toggle = keyInformation.getByRole('button', { name: 'Key information' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(firstFact).toBeHidden();
  await expectNoAxeViolations(page);

  await page.goto(`/cars/${second}`);
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
  const nextToggle = page.locator('#key-information').getByRole('button', { name: 'Key information' });
  // Remembered: closed on the next car too; otherwise every section starts open again.
  await expect(nextToggle).toHaveAttribute('aria-expanded', mode === 'remembered' ? 'false' : 'true');
  await expect(page.locator('#key-information dl').first()).toBeVisible({ visible: mode !== 'remembered' });
  await nextToggle.click();
  await expect(nextToggle).toHaveAttribute('aria-expanded', mode === 'remembered' ? 'true' : 'false');
});

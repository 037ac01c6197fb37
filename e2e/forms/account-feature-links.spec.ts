import { expect, test } from '../lib/fixtures.ts';

// Spec §2 gated features: a shopper reaches /spin-to-win and /online-payment from the footer's
// Buyer Tools on a site that has them (sign-in first where gated, spec §6); a site without them
// links to neither. One home page per tenant for both links.

const FEATURES = [
  ['Spin to Win', '/spin-to-win', (t: { features: { spinToWin: boolean }; content: { spinToWin?: unknown } }) => t.features.spinToWin && t.content.spinToWin !== undefined],
  ['Online Payment', '/online-payment', (t: { features: { onlinePayment: boolean } }) => t.features.onlinePayment],
] as const;

test('the footer links to Spin to Win and to Online Payment where the site has them', async ({ page, tenant }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const tools = page.getByRole('contentinfo').getByRole('navigation', { name: 'Buyer Tools' });
  const linked: (readonly [string, string])[] = [];
  for (const [label, path, has] of FEATURES) {
    const link = page.getByRole('contentinfo').getByRole('link', { name: label, exact: true });
    if (!has(tenant as never)) {
      await expect(link, `no ${label} link`).toHaveCount(0);
      continue;
    }
    await expect(tools.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
    linked.push([label, path]);
  }
  for (const [index, [label, path]] of linked.entries()) {
    if (index > 0) await page.goto('/');
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
    // The page itself, or sign-in first with the page as the way back (spec §6).
    await expect(page).toHaveURL(new RegExp(`(${path.replace('/', '\\/')}$)|(/sign-in\\?.*redirect=${encodeURIComponent(path)})`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

/**
 * Developer check of the site shell in Chromium: screenshots at 390 px and 1280 px and an axe
 * run per page. Usage (with a dev server running):
 *   npx tsx scripts/look.ts http://127.0.0.1:PORT /tmp/site-shots / /about-us /nope
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { axeViolations } from '../e2e/lib/axe.ts';
import { chromiumLaunchOptions } from '../e2e/lib/chromium.ts';

const [base = '', outDir = '/tmp/site-shots', ...paths] = process.argv.slice(2);
if (!base) throw new Error('usage: look.ts <base-url> <out-dir> <path>…');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions());
let failures = 0;
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`  pageerror ${error.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) console.log(`  HTTP ${r.status()} ${r.url()}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.log(`  console.error ${msg.text()}`);
  });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = `${width}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
    const violations = await axeViolations(page);
    const title = await page.title();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) console.log(`  horizontal overflow: scrollWidth ${scrollWidth} > ${width}`);
    console.log(`${width} ${path} "${title}" axe violations: ${violations.length}`);
    for (const line of violations) console.log(`  ${line}`);
    failures += violations.length;
  }
  // Open menus: the first header dropdown on desktop, the menu dialog on mobile.
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  if (width >= 992) {
    await page.locator('nav[aria-label="Main"] button').first().click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/${width}_menu-open.png` });
  const menuViolations = await axeViolations(page);
  console.log(`${width} menu open axe violations: ${menuViolations.length}`);
  for (const line of menuViolations) console.log(`  ${line}`);
  failures += menuViolations.length;
  await context.close();
}
await browser.close();
process.exitCode = failures ? 1 : 0;

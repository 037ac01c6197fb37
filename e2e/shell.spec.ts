import { mkdirSync } from 'node:fs';
import { expect, test, keepScreenshot, onOneTenant } from './lib/fixtures.ts';
import { headingOf, tenantHttp } from './lib/tenant-http.ts';
import { hasTags } from './lib/analytics.ts';
import { expectLandingWithinBudget, watchLayoutShift } from './search/page-weight.ts';

// The shared smoke suite, run once per tenant project: the built bundle is served on the
// tenant's own host, shows the tenant's name, header variant and theme, and every page of the
// shell passes axe.

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

test.describe('site shell', () => {
  // One load of the home page for the shell's checks and the landing's (performance.spec.ts's, before the shopper does anything).
  test('home shows the tenant name, header variant and theme; landing on it stays within the JS budget and does not shift layout', async ({ page, tenant, expectNoAxeViolations }) => {
    // Landed at the browser's own size (1280 × 720), as the budget has always been measured.
    await watchLayoutShift(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectLandingWithinBudget(page, tenant, '/');
    await page.setViewportSize({ width: 1280, height: 900 });

    await expect(page).toHaveTitle(new RegExp(tenant.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const banner = page.getByRole('banner');
    await expect(banner).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const nav = banner.getByRole('navigation', { name: 'Main' });
    if (tenant.navigation.headerVariant === 'brand-style') {
      // The standard entries, or the tenant's own; an entry shows only when one of its links leads
      // to a page of the site (asked here over HTTP: a page answers below 400).
      const configured = tenant.navigation.headerLinks;
      const entries = configured
        ? configured.map((entry) => ({ label: entry.label, hrefs: entry.href ? [entry.href] : (entry.children ?? []).map((child) => child.href) }))
        : ['Home', 'Models', 'Stock', 'Finance', 'Service & Parts', 'Company'].map((label) => ({ label, hrefs: [] as string[] }));
      for (const { label, hrefs } of entries) {
        const statuses = await Promise.all(hrefs.filter((href) => href.startsWith('/')).map(async (href) => (await tenantHttp(tenant.slug, href)).status));
        const leadsSomewhere = hrefs.length === 0 || hrefs.some((href) => !href.startsWith('/')) || statuses.some((status) => status < 400);
        // A link, or a dropdown of links (Models lists the brand's models when the tenant has pages for them).
        const item = nav.getByRole('link', { name: label, exact: true }).or(nav.getByRole('button', { name: label, exact: true }));
        if (leadsSomewhere) await expect(item, label).toBeVisible();
        else await expect(item, `${label}: none of its links leads to a page of the site`).toHaveCount(0);
      }
    } else {
      const brands = nav.getByRole('button', { name: 'Our Brands' });
      await expect(brands).toBeVisible();
      await brands.click();
      const makes = [...new Set(tenant.dealer.dealerships.flatMap((d) => d.makes))];
      for (const make of makes.slice(0, 3)) {
        await expect(nav.getByRole('link', { name: make, exact: true }).first()).toBeVisible();
      }
      await page.keyboard.press('Escape');
    }

    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary.toLowerCase()).toBe(tenant.theme.colours.primary.toLowerCase());

    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `${SCREENSHOTS}/${tenant.slug}-home-desktop.png`, fullPage: true });
  });

  test('home works at phone width with the mobile menu', async ({ page, tenant, expectNoAxeViolations }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `${SCREENSHOTS}/${tenant.slug}-home-phone.png`, fullPage: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test.describe('before the cookie banner is answered', () => {
    test.use({ cookieChoice: null });

    test('the phone menu is the only thing on top: the cookie banner is under its backdrop and out of reach, and back when it closes', async ({ page, tenant, expectNoAxeViolations }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      const banner = page.getByTestId('consent-banner');
      if (!hasTags(tenant)) {
        // No banner, neither in the server's HTML nor once React decides (the banner is the shell's:
        // the same on every page, so a card's dialog over it runs on one such site, card-form-modals.spec.ts).
        await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
        await expect(banner).toHaveCount(0);
        return;
      }
      const accept = banner.getByRole('button', { name: 'Accept', exact: true });
      await expect(accept).toBeVisible();
      const box = (await accept.boundingBox())!;
      const atAccept = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      /** What a press at the banner's Accept would land on. */
      const hitAtAccept = () =>
        page.evaluate(({ x, y }) => {
          const hit = document.elementFromPoint(x, y);
          return hit?.closest('[data-testid="consent-banner"]') ? 'banner' : hit?.closest('[role="dialog"]') ? 'dialog' : hit ? 'backdrop' : 'nothing';
        }, atAccept);
      expect(await hitAtAccept()).toBe('banner');

      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      // Inert: no press, focus or reading reaches it while the menu is open.
      await expect(banner).toHaveAttribute('inert', '');
      expect(await hitAtAccept()).not.toBe('banner');
      // Out of the accessibility tree (no role query finds it), and focus cannot land on it.
      await expect(accept).toHaveCount(0);
      const focused = await page.evaluate(() => {
        document.querySelector<HTMLElement>('[data-testid="consent-banner"] button')?.focus();
        return Boolean(document.activeElement?.closest('[data-testid="consent-banner"]'));
      });
      expect(focused).toBe(false);
      await expectNoAxeViolations(page);

      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toHaveCount(0);
      // Back as it was: unanswered, and it takes a press again.
      await expect(banner).not.toHaveAttribute('inert');
      await expect(accept).toBeVisible();
      expect(await hitAtAccept()).toBe('banner');
      await expectNoAxeViolations(page);
      await accept.click();
      await expect(banner).toHaveCount(0);
    });
  });

  // One page for the information pages and the not-found page: three loads, each its own axe check.
  test('information pages show the tenant content; an unknown path shows the not-found page', async ({ page, tenant, expectNoAxeViolations }) => {
    const pages = tenant.content?.pages;
    const privacy = pages?.privacy;
    await page.goto('/privacy-policy');
    if (privacy) {
      await expect(page.getByRole('heading', { level: 1, name: privacy.title })).toBeVisible();
      await expect(page.getByText(privacy.paragraphs[0]!.slice(0, 60))).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/no-such-page-here');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|can't find|cannot find/i);
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // The same code on every site (the route's error and lib/code-loading.ts), so one tenant.
  test('a page opened before a new release of the site: the next page, whose code the release replaced, loads afresh from the server; one that failed offline loads once back online, and a part of a page opened offline waits for the connection', onOneTenant(), async ({ page, context, tenant }) => {
    const serverHeading = async (path: string) => headingOf((await tenantHttp(tenant.slug, path)).text);
    const hydrated = () => page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    await page.goto('/');
    await hydrated();
    // The release: every part of the site's code this page has not loaded yet is gone (404) until
    // the page is loaded afresh, which brings the new release's code.
    const loaded = new Set<string>();
    page.on('response', (response) => void loaded.add(response.url()));
    let released = true;
    const refused: string[] = [];
    await page.route(/\/assets\//, (route) => {
      if (!released || loaded.has(route.request().url())) return route.continue();
      refused.push(route.request().url());
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) released = false;
    });
    await page.evaluate(() => {
      (window as { openedBeforeRelease?: boolean }).openedBeforeRelease = true;
      // Notes in the tab's storage (kept across the page being loaded afresh) any error shown meanwhile.
      new MutationObserver(() => {
        if (document.querySelector('[role="alert"]')?.textContent?.includes('Something went wrong')) sessionStorage.setItem('error-shown', 'yes');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.locator('a[href="/contact-us"]:visible').first().click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(await serverHeading('/contact-us'));
    expect(refused.length, 'the contact page’s code was asked for and was gone').toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { openedBeforeRelease?: boolean }).openedBeforeRelease), 'the page was loaded afresh').toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem('error-shown')), 'no error was shown before the page was loaded afresh').toBeNull();
    await hydrated();

    // Offline, the next page fails to load; back online it loads without the shopper asking. (The
    // parts this page loads once started, its cookie banner's among them, have arrived first.)
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByRole('banner').locator('a[href="/"]').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    await context.setOffline(false);
    const homeHeading = await serverHeading('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading);
    await expect(page).toHaveURL(/\/$/);

    // A part of the page whose code has not loaded yet (the phone's menu), opened offline: the page
    // stays as it is, and the menu opens once the browser is back online.
    await page.setViewportSize({ width: 390, height: 844 });
    await hydrated();
    await page.evaluate(() => ((window as { menuOpenedOffline?: boolean }).menuOpenedOffline = true));
    // Nothing fails unhandled meanwhile (the menu's code warmed as the pointer reaches its button among it).
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await context.setOffline(true);
    const menuCodeFailed = page.waitForEvent('requestfailed', (request) => /\/assets\/mobile-menu-[\w-]+\.js$/.test(request.url()));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuCodeFailed;
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => (window as { menuOpenedOffline?: boolean }).menuOpenedOffline), 'the same page, neither replaced by an error nor loaded afresh').toBe(true);
    expect(uncaught, 'no error left unhandled').toEqual([]);
  });

  test('a part of the page frame whose code is missing from the site: the page is loaded afresh without an error in between; missing even then, the error says so, keeps the site’s look, passes axe and offers a way on; Try again once the code is back opens the part', onOneTenant(), async ({ page, expectNoAxeViolations }) => {
    // The phone menu's code answers 404 for good (a release that lost it): the first failure loads
    // the page afresh, the second, within the minute, leaves the error in place.
    await page.route(/\/assets\/mobile-menu-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
    await page.setViewportSize({ width: 390, height: 844 });
    const hydrated = () => page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    await page.goto('/');
    await hydrated();
    // Notes in the tab's storage (kept across the page being loaded afresh) any error shown meanwhile.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if ([...document.querySelectorAll('h1')].some((h1) => h1.textContent === 'This page could not be loaded')) sessionStorage.setItem('error-shown', 'yes');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const look = () => page.evaluate(() => ({ font: getComputedStyle(document.body).fontFamily, background: getComputedStyle(document.body).backgroundColor }));
    const siteLook = await look();
    const loadedAfresh = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await loadedAfresh;
    await hydrated();
    expect(await page.evaluate(() => sessionStorage.getItem('error-shown')), 'the page stayed until it was loaded afresh').toBeNull();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Part of this page is missing from the site just now. Please try again in a few minutes.');
    expect(await look(), 'the site’s fonts and colours').toEqual(siteLook);
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    // The code is back a few minutes later: Try again brings the page back, and the menu now opens,
    // in the same page (not loaded afresh).
    await page.unroute(/\/assets\/mobile-menu-[\w-]+\.js$/);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage), 'the page was not loaded afresh').toBe(true);
  });
});


import path from 'node:path';
import type { Page } from '@playwright/test';
import { dealerPassword, dealerPasswordByCommand, localAdminHeaders } from './lib/dealer.ts';
import { expect, keepScreenshot, onOneTenant, test } from './lib/fixtures.ts';
import { tenantHttp } from './lib/tenant-http.ts';
import { setServerClock } from './lib/test-clock.ts';
import { tenantOrigin } from './lib/tenants.ts';
import { availableCar, fillCarEnquiry, marker } from './forms/leads.ts';

// The dealer inbox at /dealer, on every tenant (its theme colours differ, so axe runs on each):
// a shopper arrives from a search ad and enquires about a car; the dealer signs in, filters the
// list, opens the lead (the car, where the shopper came from) and marks it contacted. Axe runs
// at a phone's width (390 px) and a desktop's (1280 px), and every link of the pages answers 200.
//
// The pages take the tenant's theme, so every tenant's inbox shows each page state once to axe,
// with a lead sent to its own API (the first test). The journey itself (the shopper's visit
// recorded with the lead, the filter form, the lists a contacted lead moves between, signing
// out) is the same server code on every site and runs on one tenant (onOneTenant).

const ROOT = path.join(import.meta.dirname, '..');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Today's date (YYYY-MM-DD) in the tenant's time zone, as the date filter reads it. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Axe at both widths, with a picture of each for people to look at. */
async function checkBothWidths(page: Page, slug: string, name: string, expectNoAxeViolations: (page: Page) => Promise<void>) {
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    // Nothing wider than the screen: the page is usable without scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keepScreenshot(page, { path: path.join(ROOT, 'test-results', 'dealer-inbox', `${slug}-${name}-${label}.png`), fullPage: true });
  }
}

/** Every link and image of the page answers 200 (phone and mail links aside), asked by the page itself with its cookies. */
async function expectLinksAnswer(page: Page) {
  const statuses = await page.evaluate(async () => {
    const targets = [...document.querySelectorAll<HTMLAnchorElement | HTMLImageElement>('a[href], img[src]')].map((el) => ('href' in el ? el.href : el.src));
    const own = [...new Set(targets.filter((href) => href.startsWith(window.location.origin)).map((href) => href.split('#')[0]!))];
    return Promise.all(own.map(async (href) => [href, (await fetch(href, { redirect: 'manual' })).status] as const));
  });
  expect(statuses.length).toBeGreaterThan(1);
  expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
}

/** The inbox sends a signed-out visitor to its sign-in page, which no search engine indexes. */
async function expectSignInAsked(page: Page) {
  await page.goto('/dealer');
  await expect(page).toHaveURL(/\/dealer\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your dealer area' })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
}

/** A wrong password is refused with the page's alert (checked further by `onRefused`), then the right one opens the inbox. */
async function signInWrongThenRight(page: Page, email: string, password: string, onRefused?: () => Promise<void>) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await onRefused?.();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** The opened lead: the shopper's phone and message, a link to the car's page, and where the visit began (an ad's tags and the search engine it came from). */
async function expectLeadPage(page: Page, name: string, carSlug: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const shopper = page.getByRole('region', { name: 'Shopper', exact: true });
  await expect(shopper).toContainText('0412 345 678');
  await expect(shopper).toContainText('Is it still available?');
  const carSection = page.getByRole('region', { name: 'Car', exact: true });
  await expect(carSection.getByRole('link', { name: 'See this car on the website' })).toHaveAttribute('href', `/cars/${carSlug}`);
  const source = page.getByRole('region', { name: 'Where the shopper came from' });
  await expect(source).toContainText('utm_source=inbox-test');
  await expect(source).toContainText('https://www.google.com/');
  await expect(source).toContainText('spring');
}

/** The lead's "Mark contacted" button confirms and shows the new status. */
async function markContacted(page: Page) {
  await page.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(page.getByRole('status')).toHaveText('Marked as contacted.');
  await expect(page.getByRole('region', { name: 'Status', exact: true })).toContainText('Contacted');
}

test.describe('dealer inbox', () => {
  test('every page state of the inbox passes axe in the tenant’s theme at both widths, and its links answer', async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(60_000);
    const email = `inbox-theme@${tenant.slug}.localhost`;
    const password = await dealerPassword(tenant.slug, email);
    // A lead about a car, sent to the site's API as its enquiry form sends one, with where the visit began.
    const car = await availableCar(tenant.slug);
    const name = marker('Theme');
    const sent = await tenantHttp(tenant.slug, '/api/leads', {
      headers: { origin: tenantOrigin(tenant.slug) },
      body: {
        form: 'enquiry',
        name,
        phone: '0412 345 678',
        postcode: '4000',
        message: 'Is it still available?',
        car_id: car.id,
        ...(tenant.features.enquiryTermsRequired ? { terms_conditions: true } : {}),
        lead_attributes: { landing_page: '/?utm_source=inbox-test&utm_campaign=spring', referrer: 'https://www.google.com/', linked_query_params: { utm_source: 'inbox-test', utm_campaign: 'spring' }, visited_pages: ['/?utm_source=inbox-test&utm_campaign=spring', `/cars/${car.slug}`] },
      },
    });
    expect(sent.status).toBe(201);

    await expectSignInAsked(page);
    await checkBothWidths(page, tenant.slug, 'sign-in', expectNoAxeViolations);
    await signInWrongThenRight(page, email, password, () => expectNoAxeViolations(page));

    // The new enquiries received today in the tenant's time zone, as the filter form links them.
    await page.goto(`/dealer?form=enquiry&department=&status=new&from=${todayIn(tenant.timeZone)}&to=`);
    const leads = page.getByRole('list', { name: 'Leads' });
    await expect(leads.getByRole('link', { name })).toBeVisible();
    await checkBothWidths(page, tenant.slug, 'list', expectNoAxeViolations);
    await expectLinksAnswer(page);

    await leads.getByRole('link', { name }).click();
    await expectLeadPage(page, name, car.slug);
    await checkBothWidths(page, tenant.slug, 'lead', expectNoAxeViolations);
    await expectLinksAnswer(page);

    await markContacted(page);
    await expectNoAxeViolations(page);

    // The stock feed page, with a feed refused for its bad rows (it changes nothing on the site), sent as the import command sends one.
    const feed = await tenantHttp(tenant.slug, '/api/dealer/stock?mode=delta', {
      method: 'PUT',
      headers: { ...localAdminHeaders(), 'content-type': 'application/json' },
      body: [{ stocknum: 'E2E-BAD-1', make: 'Kia', model: 'Rio', year: 'twenty twenty' }],
    });
    expect(feed.status).toBe(422);
    await page.getByRole('navigation', { name: 'Dealer pages' }).getByRole('link', { name: 'Stock feed' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stock feed' })).toBeVisible();
    await expect(page.getByText('Refused: 1 of 1 rows are bad (more than 20 %): nothing was imported. Fix the feed in your stock system and send it again.')).toBeVisible();
    await page.getByText('1 row could not be read and was left out').first().click();
    await expect(page.getByText('row 1, column year: "twenty twenty" is not a year').first()).toBeVisible();
    // A key for the dealer's stock system, created on the page and shown once.
    await page.getByLabel('Name of the stock system').fill('Yard DMS');
    await page.getByRole('button', { name: 'Create a key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The key for Yard DMS:' })).toBeVisible();
    await expect(page.locator('code.key')).toHaveText(/^fcsk_[\w-]{40,}$/);
    await expect(page.getByRole('button', { name: 'Revoke the key of Yard DMS' })).toBeVisible();
    await checkBothWidths(page, tenant.slug, 'stock-key-created', expectNoAxeViolations);
    // Back on the stock feed page, the key is never shown again.
    await page.getByRole('navigation', { name: 'Dealer pages' }).getByRole('link', { name: 'Stock feed' }).click();
    await expect(page.locator('code.key')).toHaveCount(0);
    // Revoking asks first; keeping the key goes back with nothing changed.
    await page.getByRole('button', { name: 'Revoke the key of Yard DMS' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Revoke the key of Yard DMS?' })).toBeVisible();
    await checkBothWidths(page, tenant.slug, 'stock-key-revoke', expectNoAxeViolations);
    await page.getByRole('link', { name: 'Keep it' }).click();
    await expect(page.getByRole('button', { name: 'Revoke the key of Yard DMS' })).toBeVisible();
    await page.getByText('1 row could not be read and was left out').first().click();
    // How a stock system is set up to send its feed, open, so its words are checked too.
    await page.getByText('How a stock system sends its feed').click();
    await expect(page.getByRole('heading', { level: 3, name: 'Columns your website reads (the first row of the file)' })).toBeVisible();
    await checkBothWidths(page, tenant.slug, 'stock-feed', expectNoAxeViolations);
    await expectLinksAnswer(page);
    // Feeds arriving: with a longest gap set, the page a day and more after the last feed says feeds have stopped; without one, that nobody is told.
    const arrivals = page.getByRole('region', { name: 'Feeds arriving' });
    const maxHours = tenant.stockFeed.maxHoursBetweenFeeds;
    if (maxHours === undefined) {
      await expect(arrivals.getByText('Nobody is told if feeds stop arriving')).toBeVisible();
    } else {
      await setServerClock(page, new Date(Date.now() + (maxHours + 4) * 3_600_000));
      await page.reload();
      await expect(arrivals.getByText(`No feed has arrived for ${maxHours + 4 < 48 ? `${maxHours + 4} hours` : `${Math.floor((maxHours + 4) / 24)} days`}`)).toBeVisible();
      await checkBothWidths(page, tenant.slug, 'stock-feed-stopped', expectNoAxeViolations);
      await page.setExtraHTTPHeaders({});
    }
    // The leads say at the top that the stock feeds need attention (the last feed was refused), with the way to the stock feed page.
    await page.goto('/dealer');
    await expect(page.getByText('The last stock feed was refused: the website still shows the stock from before it.')).toBeVisible();
    await checkBothWidths(page, tenant.slug, 'list-stock-attention', expectNoAxeViolations);
    await page.getByRole('link', { name: 'See the stock feed' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stock feed' })).toBeVisible();
  });

  test('a dealer signs in, filters, opens a lead with its car and source, and marks it contacted', onOneTenant(), async ({ page, tenant }) => {
    test.setTimeout(90_000);
    const email = `inbox@${tenant.slug}.localhost`;
    // The password as staff get one: the command, started as its own process.
    const password = dealerPasswordByCommand(tenant.slug, email);

    // A shopper lands from a search ad and enquires about a car.
    await page.goto('/?utm_source=inbox-test&utm_campaign=spring', { referer: 'https://www.google.com/' });
    await expect.poll(() => page.evaluate((slug) => window.sessionStorage.getItem(`forecourt:${slug}:visit-landing`), tenant.slug)).toContain('utm_source=inbox-test');
    const car = await availableCar(tenant.slug);
    await page.goto(`/enquire?car_id=${car.id}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    const name = marker('Inbox');
    await fillCarEnquiry(form, tenant, name, '4000', 'Is it still available?');
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);

    // The dealer: the inbox asks them to sign in.
    await expectSignInAsked(page);
    await signInWrongThenRight(page, email, password);

    // Filters: new enquiries received today, kept in the address.
    const filters = page.getByRole('form', { name: 'Filter leads' });
    await filters.getByLabel('Form').selectOption({ label: 'Enquiry' });
    await filters.getByLabel('Status').selectOption({ label: 'New' });
    await filters.getByLabel('Received from').fill(todayIn(tenant.timeZone));
    await filters.getByRole('button', { name: 'Show leads' }).click();
    await expect(page).toHaveURL(new RegExp(`/dealer\\?form=enquiry&department=&status=new&from=${todayIn(tenant.timeZone)}&to=$`));
    const leads = page.getByRole('list', { name: 'Leads' });
    await expect(leads.getByRole('link', { name })).toBeVisible();

    // The lead: the shopper, the car with a link to its page, where they came from.
    await leads.getByRole('link', { name }).click();
    await expectLeadPage(page, name, car.slug);

    // Marked contacted: it leaves the new leads and joins the contacted ones.
    await markContacted(page);
    await page.getByRole('link', { name: 'All leads' }).click();
    await expect(page).toHaveURL(/\/dealer$/);
    await page.goto(`/dealer?form=enquiry&status=new&from=${todayIn(tenant.timeZone)}`);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
    await page.goto(`/dealer?form=enquiry&status=contacted&from=${todayIn(tenant.timeZone)}`);
    await expect(page.getByRole('link', { name })).toBeVisible();

    // Signing out ends the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('status')).toHaveText('You have signed out.');
    await page.goto('/dealer');
    await expect(page).toHaveURL(/\/dealer\/sign-in$/);
  });
});

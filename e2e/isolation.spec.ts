import { expect, test, onOneTenant } from './lib/fixtures.ts';

// A worker's tests share one browser context and page, reset between tests (playwright.config.ts).
// What one test leaves behind must not reach the next: the second test below reads what the
// first left. Both run on the same tenant, one after the other in one worker.
const sameTenant = () => onOneTenant({ together: 'one test leaves nothing to the next' });

test.describe('one test leaves nothing to the next', () => {
  test.describe.configure({ mode: 'serial' });

  test('a test leaves storage, a cookie, a permission, a route, a script, the phone width and the connection off behind', sameTenant(), async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('left-behind', 'yes');
      sessionStorage.setItem('left-behind', 'yes');
      document.cookie = 'left_behind=yes; path=/';
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await page.addInitScript(() => ((window as { leftBehind?: string }).leftBehind = 'yes'));
    await page.route('**/*', (route) => route.abort());
    await page.setViewportSize({ width: 390, height: 844 });
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  test('the next test starts as a new one would', sameTenant(), async ({ page }) => {
    expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
    // Answered by the server: neither the route that refused every request nor the lost connection is left.
    const answer = await page.goto('/');
    expect(answer?.status()).toBe(200);
    expect(
      await page.evaluate(async () => ({
        online: navigator.onLine,
        local: localStorage.getItem('left-behind'),
        session: sessionStorage.getItem('left-behind'),
        cookie: document.cookie.includes('left_behind'),
        script: (window as { leftBehind?: string }).leftBehind ?? null,
        clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
      })),
    ).toEqual({ online: true, local: null, session: null, cookie: false, script: null, clipboard: 'prompt' });
  });
});

import type { Page } from '@playwright/test';
import { TEST_NOW_HEADER } from '../../server/app/test-clock.ts';

/** Headers that set the test server's clock to `at` for one request (none when `at` is undefined). */
export function clockHeaders(at: Date | string | undefined): Record<string, string> {
  return at === undefined ? {} : { [TEST_NOW_HEADER]: typeof at === 'string' ? at : at.toISOString() };
}

/** Sets the test server's clock to `at` for every request the page makes from now on (its pages, API and search). */
export async function setServerClock(page: Page, at: Date | string): Promise<void> {
  await page.setExtraHTTPHeaders(clockHeaders(at));
}

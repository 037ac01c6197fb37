import { expect, type Locator } from '@playwright/test';

/**
 * Ticks a checkbox or picks a radio as a shopper does: a click, then it shows ticked.
 * A click made while the page is still starting is held and played back once React has the
 * control (site/src/lib/hydration-replay.ts), so the box may tick a moment later; Playwright's
 * `check()` wants it at once and fails ("Clicking the checkbox did not change its state").
 * `force` is for boxes drawn over by their label's own styling.
 */
export async function tick(control: Locator, options: { force?: boolean } = {}): Promise<void> {
  await control.click(options.force ? { force: true } : {});
  await expect(control).toBeChecked();
}

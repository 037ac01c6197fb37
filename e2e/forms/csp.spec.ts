import { expect, test } from '../lib/fixtures.ts';

/*
 * The site's pages keep to their own Content Security Policy: no script asks for eval (zod
 * used to probe for it when a form's schema was built), so the browser reports no violation
 * and the console stays clean, on a form page before and after its validation runs.
 */

test.describe('content security policy', () => {
  test('a form page and its validation cause no CSP violation', async ({ page, tenant }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) consoleProblems.push(message.text());
    });
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    await expect(form).toBeVisible();
    // Sending the empty form runs the form's validation (its schema parses the input).
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA: every level-A and AA rule axe has up to 2.2. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let axeSource: string | undefined;

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The WCAG 2.2 AA violations axe-core finds on the page, one line each (rule, impact, help and up
 * to five elements); empty when the page passes.
 *
 * axe runs in the page itself, with its frames left out: the pages we build have no frames of
 * their own (a car's external video is the dealer's player; axe still checks the frame element's
 * title). @axe-core/playwright's default mode opens a second page for every check to merge the
 * frames' results, and returns every passing node too: on the search page that was 3.7–4.4 s a
 * check against 1.3–2.0 s here, and the browser suite runs about two hundred checks.
 */
export async function axeViolations(page: Pick<Page, 'evaluate'>, scope: { include?: string; exclude?: string } = {}): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // A navigation starts a fresh window: inject once per document.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const found = await page.evaluate(async ({ tags, include, exclude }) => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const context = include || exclude ? { include: include ? [include] : [document], exclude: exclude ? [exclude] : [] } : document;
    const results = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { tags: AXE_TAGS, include: scope.include, exclude: scope.exclude });
  return found.map((v: Found) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(', ')}`);
}

/** The part of axe-core's API the check uses (the page's `window.axe`). */
interface AxeApi {
  run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
}

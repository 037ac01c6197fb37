import { mkdirSync, writeFileSync } from 'node:fs';
import { runEditorE2E } from '../e2e/editor/editor-journey.ts';
import { ensureChromium } from './lib/chromium-install.ts';
import { run } from './lib/run.ts';

// Browser journeys: Debian's Chromium driven by Playwright against the embedded server (one
// project per tenant), and the editor's journey in browser mode. `npm run test:e2e -- <args>`
// passes args to Playwright and skips the editor journey; `-- editor` runs only the editor's.
//
// A whole run starts both at once: the editor's journey is one page at a time, and run after the
// site's tests it ran alone for over a minute of a two-core machine. Its lines are printed
// together when it ends, after the site tests' own.
await ensureChromium();
const args = process.argv.slice(2);
const site = args[0] === 'editor' ? Promise.resolve(0) : run('node_modules/.bin/playwright', ['test', '-c', 'e2e/playwright.config.ts', ...args]);
const editor = args.length === 0 || args[0] === 'editor' ? editorJourney(args[0] !== 'editor') : Promise.resolve(0);
const [siteCode, editorCode] = await Promise.all([site, editor]);
process.exit(siteCode || editorCode);

/** Runs the editor's journey; `buffered`: its lines wait until it ends, so they do not cut into the site tests' list. */
async function editorJourney(buffered: boolean): Promise<number> {
  const lines: string[] = [];
  const log = buffered ? (line: string) => void lines.push(line) : (line: string) => console.log(line);
  const started = performance.now();
  const { passed, failed } = await runEditorE2E(log).catch((error: unknown) => {
    log(`  ✗ the editor journey could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { passed: 0, failed: 1 };
  });
  await site;
  console.log(`\nEditor journey (browser mode, copy of tenants/), ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  for (const line of lines) console.log(line);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/e2e-editor.json', JSON.stringify({ passed, failed }));
  console.log(`editor journey: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

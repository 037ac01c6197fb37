import { mkdirSync, writeFileSync } from 'node:fs';
import { runEditorE2E } from '../e2e/editor/editor-journey.ts';
import { ensureChromium } from './lib/chromium-install.ts';
import { run } from './lib/run.ts';

// Browser journeys: Debian's Chromium driven by Playwright against the embedded server (one
// project per tenant), then the editor's journey in browser mode. `npm run test:e2e -- <args>`
// passes args to Playwright and skips the editor journey; `-- editor` runs only the editor's.
await ensureChromium();
const args = process.argv.slice(2);
let code = 0;
if (args[0] !== 'editor') code = await run('node_modules/.bin/playwright', ['test', '-c', 'e2e/playwright.config.ts', ...args]);
if (args.length === 0 || args[0] === 'editor') {
  console.log('\nEditor journey (browser mode, copy of tenants/):');
  const { passed, failed } = await runEditorE2E();
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/e2e-editor.json', JSON.stringify({ passed, failed }));
  console.log(`editor journey: ${passed} passed, ${failed} failed`);
  if (failed) code = 1;
}
process.exit(code);

import { ensureChromium } from './lib/chromium-install.ts';
import { run } from './lib/run.ts';

// Browser journeys: Debian's Chromium driven by Playwright against the embedded server.
await ensureChromium();
const extra = process.argv.slice(2);
process.exit(await run('node_modules/.bin/playwright', ['test', '-c', 'e2e/playwright.config.ts', ...extra]));

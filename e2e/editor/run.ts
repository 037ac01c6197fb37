// `npx tsx e2e/editor/run.ts`: the editor's browser journey; exit code 1 when a step fails.
import { ensureChromium } from '../../scripts/lib/chromium-install.ts';
import { runEditorE2E } from './editor-journey.ts';

await ensureChromium();
console.log('Editor journey (browser mode, copy of tenants/):');
const { passed, failed } = await runEditorE2E();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

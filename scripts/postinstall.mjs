// npm install's last step: prepares a fresh clone's first `npm start` (scripts/prepare-start.ts).
// Plain JavaScript, and it never fails the install: skipped on CI (which never runs `npm start`),
// with FORECOURT_NO_PREPARE=1, or where the development tools are not installed.
import { spawnSync } from 'node:child_process';

const skip = process.env.CI || process.env.FORECOURT_NO_PREPARE === '1';
let tsx = false;
try {
  import.meta.resolve('tsx');
  tsx = true;
} catch {
  tsx = false;
}
if (!skip && tsx) {
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-start.ts'], { stdio: 'inherit' });
}
process.exit(0);

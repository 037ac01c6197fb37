import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/*
 * `npm install` runs scripts/postinstall.mjs last. It must never fail an install, and CI runners
 * (which never run `npm start`) and FORECOURT_NO_PREPARE=1 skip the preparation.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

function run(env: NodeJS.ProcessEnv) {
  const { CI: _ci, FORECOURT_NO_PREPARE: _no, ...rest } = process.env;
  return spawnSync(process.execPath, ['scripts/postinstall.mjs'], { cwd: ROOT, env: { ...rest, ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('the install step that prepares npm start', () => {
  test('is skipped on CI and with FORECOURT_NO_PREPARE=1, and succeeds', () => {
    for (const env of [{ CI: 'true' }, { FORECOURT_NO_PREPARE: '1' }]) {
      const result = run(env);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe('');
    }
  });
});

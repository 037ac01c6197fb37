import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './lib/tenants.ts';

const run = promisify(execFile);
const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');

async function validate(...files: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, ['scripts/validate.ts', ...files], { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run validate', () => {
  it('passes the sample tenants', async () => {
    const result = await validate();

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^(\d+)\/\1 tenants valid; 0 errors, 0 warnings$/m);
  });

  it('prints every error of a bad file and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'validate-'));
    const tenant = JSON.parse(await readFile(join(REPO_ROOT, 'tenants/range-road-kia.json'), 'utf8'));
    tenant.features.compare = 'yes';
    tenant.promotions[0].expiry = '2027-05-01T00:00:00+10:00';
    const file = join(dir, 'range-road-kia.json');
    await writeFile(file, JSON.stringify(tenant));

    const result = await validate(file);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tenants/range-road-kia.json: /features/compare: must be boolean (got "yes")');
    expect(result.stderr).toContain('tenants/range-road-kia.json: /promotions/0/expiry: must be after start (2027-06-01T00:00:00+10:00)');
    expect(result.stdout).toContain('0/1 tenant valid; 2 errors, 0 warnings');
  });
});

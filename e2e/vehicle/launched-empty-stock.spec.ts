import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, onOneTenant, test } from '../lib/fixtures.ts';

// A launched site before the dealer's first stock feed. No sample tenant is launched, so the test
// launches a copy of its project's tenant on a server of its own (its own data, the tenant's built
// bundle): the search lists no car and says "Our stock is being updated", with the short enquiry,
// and the address of one of the platform's demo cars answers 404.

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The launched copy's server: its origin, one of its demo cars, and how to stop it. */
async function launchedSite(slug: string): Promise<{ origin: string; demoCar: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-e2e-launched-'));
  const loader = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const child: ChildProcess = spawn(process.execPath, ['--import', loader, path.join(ROOT, 'server', 'test-fixtures', 'launched-site.ts'), slug, dataDir, path.join(ROOT, 'dist')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve(m);
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`the launched site's server exited ${code}: ${out}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { origin: `http://${slug}.localhost:${ready[1]}`, demoCar: ready[2]!, stop };
}

test('a launched site before its first stock feed says its stock is being updated; a demo car answers 404', onOneTenant(), async ({ page, tenant, expectNoAxeViolations }) => {
  // Its own server starts and seeds a database of its own.
  test.setTimeout(180_000);
  const site = await launchedSite(tenant.slug);
  try {
    await page.goto(`${site.origin}${tenant.routes.defaultSearchPath}`);
    await expect(page.getByRole('heading', { name: 'Our stock is being updated' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('Please check back soon');
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const demo = await page.goto(`${site.origin}/cars/${site.demoCar}`);
    expect(demo?.status()).toBe(404);
  } finally {
    await site.stop();
  }
});

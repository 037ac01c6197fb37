/**
 * Child process that runs one tenant's real production build (the same `createTenantViteConfig`
 * as `npm run build`) and reports progress as JSON lines on stdout, so a long build never blocks
 * the editor and a crash in the bundler cannot take the editor down.
 *
 * Usage: tsx editor/core/build-worker.ts <tenant-file> <out-dir>
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

type Msg =
  | { type: 'progress'; phase: 'validate' | 'bundle' | 'write' | 'report'; message: string; progress?: number }
  | { type: 'done'; reportPath: string }
  | { type: 'failed'; error: string };

const emit = (m: Msg) => process.stdout.write(JSON.stringify(m) + '\n');

async function main() {
  const [file, outDir] = process.argv.slice(2);
  if (!file || !outDir) throw new Error('usage: build-worker.ts <tenant-file> <out-dir>');
  emit({ type: 'progress', phase: 'validate', message: `Validating ${file}` });
  const { validateTenant, formatIssue } = await import('../../schema/validate.ts');
  const text = readFileSync(file, 'utf8');
  const fileName = file.split(/[\\/]/).pop()!;
  const result = validateTenant(text, fileName);
  const errors = result.issues.filter((i) => i.severity === 'error');
  if (!result.config || errors.length) {
    throw new Error(`tenant is invalid:\n${errors.map((i) => formatIssue(i)).join('\n')}`);
  }
  const config = result.config;

  // Estimate progress from the previous build's module count when there is one.
  const previousReport = join(outDir, 'build-report.json');
  let expected = 0;
  if (existsSync(previousReport)) {
    try {
      expected = (JSON.parse(readFileSync(previousReport, 'utf8')) as { totals?: { moduleCount?: number } }).totals?.moduleCount ?? 0;
    } catch {
      expected = 0;
    }
  }
  let transformed = 0;
  let lastEmit = 0;
  const progress: Plugin = {
    name: 'forecourt:editor-build-progress',
    buildStart() {
      emit({ type: 'progress', phase: 'bundle', message: 'Bundling modules', progress: 0 });
    },
    transform() {
      transformed++;
      const now = Date.now();
      if (now - lastEmit > 150) {
        lastEmit = now;
        emit({
          type: 'progress',
          phase: 'bundle',
          message: `Bundled ${transformed} modules`,
          ...(expected ? { progress: Math.min(0.95, transformed / expected) } : {}),
        });
      }
      return null;
    },
    renderStart() {
      emit({ type: 'progress', phase: 'write', message: `Writing chunks (${transformed} modules)`, progress: 0.96 });
    },
    closeBundle() {
      emit({ type: 'progress', phase: 'report', message: 'Writing the build report', progress: 0.99 });
    },
  };

  const [{ build }, { createTenantViteConfig }, { sharedInputHash, tenantInputHash }] = await Promise.all([
    import('vite'),
    import('../../build/vite-config.ts'),
    import('../../build/stale.ts'),
  ]);
  // The same input hash `npm run build` records, so `npm start` sees this build as current and
  // does not build the tenant again.
  const inputHash = tenantInputHash(text, sharedInputHash());
  const { tenantConfig: _unused, ...viteConfig } = createTenantViteConfig(config, { mode: 'production', outDir, inputHash });
  await build({ ...viteConfig, logLevel: 'silent', plugins: [...(viteConfig.plugins ?? []), progress] });
  emit({ type: 'done', reportPath: join(outDir, 'build-report.json') });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    emit({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);

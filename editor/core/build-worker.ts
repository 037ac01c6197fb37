/**
 * Child process that builds one tenant exactly as `npm run build -- --tenant <slug>` does
 * (build/matrix.ts: validated with the other tenants, its shared bundle compiled when missing,
 * browser and server halves, then the tenant linked with its own report and pages) and reports
 * progress as JSON lines on stdout, so a long build never blocks the editor and a crash in the
 * bundler cannot take the editor down.
 *
 * Usage: tsx editor/core/build-worker.ts <tenant-file> <out-dir>
 * (`<out-dir>` is `<dist>/<slug>`; the tenants beside the file are validated with it.)
 */
import { basename, dirname, join } from 'node:path';

type Msg =
  | { type: 'progress'; phase: 'validate' | 'bundle' | 'write' | 'report'; message: string; progress?: number }
  | { type: 'done'; reportPath: string }
  | { type: 'failed'; error: string };

const emit = (m: Msg) => process.stdout.write(JSON.stringify(m) + '\n');

async function main() {
  const [file, outDir] = process.argv.slice(2);
  if (!file || !outDir) throw new Error('usage: build-worker.ts <tenant-file> <out-dir>');
  const slug = basename(file).replace(/\.json$/, '');
  if (basename(outDir) !== slug) throw new Error(`the output folder must be <dist>/${slug}, got ${outDir}`);
  emit({ type: 'progress', phase: 'validate', message: `Validating ${basename(file)} with the other tenants`, progress: 0.02 });
  const [{ runMatrix }, { readTenantFiles }, { BUILD_REPORT_FILE }] = await Promise.all([
    import('../../build/matrix.ts'),
    import('../../build/stale.ts'),
    import('../../build/plugins/build-report.ts'),
  ]);
  const result = await runMatrix({
    files: readTenantFiles(dirname(file)),
    only: [slug],
    distDir: dirname(outDir),
    // Staff see the sizes in the report; the size budgets are the CI's business.
    enforceBudgets: false,
    concurrency: 1,
    log: (line) => {
      if (/ tenants? shares? .* 0 to build/.test(line)) emit({ type: 'progress', phase: 'write', message: 'A bundle with these feature switches is already built: linking the site to it', progress: 0.9 });
      else if (/ to build/.test(line)) emit({ type: 'progress', phase: 'bundle', message: 'Compiling the JavaScript for these feature switches (browser and server)', progress: 0.05 });
      else if (line === `[${slug}] building…`) emit({ type: 'progress', phase: 'bundle', message: 'Bundling modules' });
      else if (line.startsWith(`[${slug}] built in`)) emit({ type: 'progress', phase: 'report', message: 'Writing the build report', progress: 0.99 });
    },
  });
  const mine = result.results.find((r) => r.slug === slug);
  if (!mine || mine.status === 'invalid') throw new Error(`tenant is invalid:\n${(mine?.messages ?? ['no result']).join('\n')}`);
  if (mine.status !== 'built') throw new Error(mine.messages.join('\n') || `the build ${mine.status}`);
  emit({ type: 'done', reportPath: join(outDir, BUILD_REPORT_FILE) });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    emit({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);

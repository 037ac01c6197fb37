// Performance figures of the targets named in the issues. Each area owns its benchmark
// (server/search/bench.ts, build/bench.ts, editor/core/bench.ts); this prints them together.
// Run one with `npm run bench -- search` (or build, editor, stock, load, leads, render, restart).
const parts: { name: string; load: () => Promise<() => unknown> }[] = [
  { name: 'search', load: async () => (await import('../server/search/bench.ts')).benchSearch },
  {
    name: 'build',
    // The sample tenants' sizes, then the build at 100 and 500 synthetic tenants (--tenants, --feature-sets, --scale-only).
    load: async () => {
      const [{ benchBuild }, { benchScale }] = await Promise.all([import('../build/bench.ts'), import('./bench-build-scale.ts')]);
      return async () => {
        if (!process.argv.includes('--scale-only')) await benchBuild();
        await benchScale();
      };
    },
  },
  { name: 'editor', load: async () => (await import('../editor/core/bench.ts')).benchEditor },
  { name: 'stock', load: async () => (await import('../server/stock/bench.ts')).benchStock },
  { name: 'load', load: async () => (await import('./bench-load.ts')).benchLoad },
  { name: 'leads', load: async () => (await import('./bench-leads.ts')).benchLeads },
  { name: 'restart', load: async () => { const { benchRestart } = await import('./bench-restart.ts'); const runs = process.argv.indexOf('--runs'); return () => benchRestart({ runs: runs > 0 ? Number(process.argv[runs + 1]) : undefined }); } },
  { name: 'consent', load: async () => (await import('./bench-consent.ts')).benchConsent },
  { name: 'render', load: async () => { const { benchRender } = await import('./bench-render.ts'); return () => benchRender({ lighthouse: !process.argv.includes('--no-lighthouse'), tenants: optionValues('--tenant'), pages: optionValues('--page') }); } },
];

export {};

/** The values of a repeatable `--name=value` or `--name value` option (`--tenant=range-road-kia --page search`). */
function optionValues(name: string): string[] {
  return process.argv.flatMap((arg, i, all) => (arg.startsWith(`${name}=`) ? [arg.slice(name.length + 1)] : arg === name && all[i + 1] !== undefined ? [all[i + 1]!] : []));
}

// What the figures were measured on (scripts/lib/machine.ts): compare this line before comparing two runs.
const { describeMachine, referenceWorkMs } = await import('./lib/machine.ts');
console.log(`machine: ${describeMachine()}; reference JavaScript work ${referenceWorkMs().toFixed(0)} ms (lower is faster)`);

// Option values (`--tenants 100`) are not part names.
const wanted = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !(all[i - 1] ?? '').match(/^--(tenants|feature-sets|runs|tenant|page)$/));
let failed = 0;
for (const part of parts) {
  if (wanted.length && !wanted.includes(part.name)) continue;
  console.log(`\n=== ${part.name} ===`);
  try {
    const bench = await part.load();
    await bench();
  } catch (err) {
    failed++;
    console.error(`${part.name} benchmark failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  }
}
process.exit(failed ? 1 : 0);

import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLES_DIR } from '../build/bundles.ts';
import { buildStandIn } from '../build/background.ts';
import { runMatrix, validateWithSchema, type MatrixResult } from '../build/matrix.ts';
import { REPO_ROOT } from '../build/paths.ts';
import { readTenantFiles } from '../build/stale.ts';
import { syntheticTenants } from '../build/synthetic-tenants.ts';
import { startServer } from '../server/index.ts';

// Pages render with React's production build, as under npm start; set before any entry loads React.
process.env.NODE_ENV ??= 'production';

/*
 * `npm run bench -- build [--tenants 100,500] [--feature-sets 24]`: the build at the size of a
 * dealer network. N synthetic tenants (build/synthetic-tenants.ts) in a temporary folder — never
 * tenants/ or dist/ — built from scratch, then: one tenant's label changed (rebuild, and how long
 * until a running server shows it), one tenant's switch changed, a change to shared site code
 * (in a copy of site/), the output's size on disk, and the resident memory of a server serving
 * every one of the N sites, with a label and a switch edited while it runs. Goals (issue: a
 * platform for 500 dealers): full build ≤ 10 min, label live ≤ 2 s, switch live ≤ 15 s (the
 * stand-in serves the new switches until the tenant's own bundle is built), server < 2 GB.
 */

interface ScaleFigures {
  tenants: number;
  bundles: number;
  fullBuildMs: number;
  labelRebuildMs: number;
  labelLiveMs: number | null;
  switchLiveMs: number | null;
  switchRebuildMs: number;
  sharedChangeMs: number | null;
  diskBytes: number;
  links: number;
  serverRssBytes: number | null;
}

const GOALS = { fullBuildMs: 10 * 60_000, labelLiveMs: 2_000, switchLiveMs: 15_000, serverRssBytes: 2 * 1024 ** 3 };

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function must(result: MatrixResult, what: string): MatrixResult {
  if (!result.ok) throw new Error(`${what}: ${result.results.filter((r) => r.status !== 'built').map((r) => `${r.slug} ${r.status}: ${r.messages.join('; ')}`).join('\n')}`);
  return result;
}

/** Bytes of the regular files under a folder (links counted, not followed). */
function diskUsage(dir: string): { bytes: number; links: number } {
  let bytes = 0;
  let links = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) links++;
    else if (entry.isDirectory()) {
      const inner = diskUsage(path);
      bytes += inner.bytes;
      links += inner.links;
    } else bytes += lstatSync(path).size;
  }
  return { bytes, links };
}

function get(port: number, host: string, path = '/'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host, 'accept-encoding': 'identity' }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** A copy of the repo whose site/ can be edited: site/ copied, everything else linked. */
function repoCopy(root: string): string {
  const copy = join(root, 'repo');
  mkdirSync(copy, { recursive: true });
  for (const name of readdirSync(REPO_ROOT)) {
    if (name === 'dist' || name === '.git' || name.startsWith('.data') || name === 'test-results') continue;
    if (name === 'site') cpSync(join(REPO_ROOT, name), join(copy, name), { recursive: true });
    else symlinkSync(join(REPO_ROOT, name), join(copy, name));
  }
  return copy;
}

function mark(ok: boolean): string {
  return ok ? 'meets' : 'MISSES';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function scaleOnce(count: number, featureSets: number, withServer: boolean, withSharedChange: boolean): Promise<ScaleFigures> {
  const root = mkdtempSync(join(tmpdir(), `fc-bench-scale-${count}-`));
  // The server entries import React and the router from node_modules: resolvable from the temp dist.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  const tenantsDir = join(root, 'tenants');
  const distDir = join(root, 'dist');
  mkdirSync(tenantsDir);
  const files = syntheticTenants(readTenantFiles(), count, featureSets);
  for (const f of files) writeFileSync(join(tenantsDir, f.file), f.text);
  const quiet = { enforceBudgets: false, log: () => {} } as const;
  try {
    console.log(`\n${count} tenants (${tenantsDir}):`);
    const full = must(await runMatrix({ files, distDir, ...quiet }), 'full build');
    const bundles = readdirSync(join(distDir, BUNDLES_DIR)).length;
    console.log(`  full build: ${seconds(full.wallMs)} — ${bundles} bundles for ${count} tenants, ${full.concurrency} at a time`);

    // A label: no JavaScript changes, the tenant is linked again.
    const first = files[0]!;
    const relabelled = { ...first, text: first.text.replace(/"newArrival": "[^"]*"/, '"newArrival": "Fresh today"') };
    const labelFiles = [relabelled, ...files.slice(1)];
    const label = must(await runMatrix({ files: labelFiles, only: [first.file.replace(/\.json$/, '')], distDir, ...quiet }), 'label change');
    console.log(`  rebuild after one tenant's label change: ${seconds(label.wallMs)}`);

    // A switch to a set no other tenant has: one bundle.
    const second = files[1]!;
    const doc = JSON.parse(second.text) as { features: Record<string, unknown> };
    // Both on by default and on in every sample: off is a set no other tenant has.
    doc.features = { ...doc.features, sharing: false, searchHistory: false };
    const switchFiles = [labelFiles[0]!, { ...second, text: JSON.stringify(doc, null, 2) }, ...labelFiles.slice(2)];
    const switched = must(await runMatrix({ files: switchFiles, only: [second.file.replace(/\.json$/, '')], distDir, ...quiet }), 'feature switch');
    console.log(`  rebuild after one tenant's feature switch: ${seconds(switched.wallMs)}`);

    let sharedChangeMs: number | null = null;
    if (withSharedChange) {
      const repo = repoCopy(root);
      const file = join(repo, 'site', 'src', 'app', 'start.tsx');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n// a change to shared site code (build benchmark)\n`);
      const shared = must(await runMatrix({ files: switchFiles, repoRoot: repo, distDir: join(root, 'dist-shared-change'), ...quiet }), 'shared code change');
      sharedChangeMs = shared.wallMs;
      console.log(`  rebuild after a change to shared site code: ${seconds(sharedChangeMs)} (every distinct bundle again)`);
      rmSync(join(root, 'dist-shared-change'), { recursive: true, force: true });
    }

    const disk = diskUsage(distDir);
    console.log(`  output on disk: ${(disk.bytes / 1024 ** 2).toFixed(1)} MB (${disk.links} symbolic links)`);
    for (const f of switchFiles) writeFileSync(join(tenantsDir, f.file), f.text);

    let serverRssBytes: number | null = null;
    let labelLiveMs: number | null = null;
    let switchLiveMs: number | null = null;
    if (withServer) {
      // As under npm start: the stand-in serves a tenant whose own bundle is not built for its switches yet.
      const config = validateWithSchema(switchFiles.slice(0, 1))[0]?.config;
      if (!config || !(await buildStandIn({ config, distDir, log: () => {} }))) throw new Error('the stand-in bundle did not build');
      const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(root, 'data'), distDir, tenantsDir, seedCars: count * 3, log: () => {} });
      try {
        for (const f of switchFiles) {
          const page = await get(server.port, `${f.file.replace(/\.json$/, '')}.localhost`);
          if (page.status !== 200) throw new Error(`${f.file}: home page answered ${page.status}`);
        }
        serverRssBytes = process.memoryUsage().rss;
        console.log(`  server resident memory serving all ${count} sites (each home page rendered once): ${(serverRssBytes / 1024 ** 2).toFixed(0)} MB`);
        // A label edited while the server runs: how long until the page shows it.
        const slug = switchFiles[2]!.file.replace(/\.json$/, '');
        const edited = switchFiles[2]!.text.replace(/"name": "([^"]*)"/, '"name": "$1 Renamed"');
        const newName = /"name": "([^"]*)"/.exec(edited)?.[1] ?? '';
        const t0 = performance.now();
        writeFileSync(join(tenantsDir, switchFiles[2]!.file), edited);
        for (;;) {
          const page = await get(server.port, `${slug}.localhost`);
          if (page.text.includes(newName.replace(/&/g, '&amp;'))) break;
          if (performance.now() - t0 > 60_000) throw new Error('the edited name did not show within 60 s');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        labelLiveMs = performance.now() - t0;
        console.log(`  a label edited in a tenant file, live on the running server: ${seconds(labelLiveMs)}`);

        // A switch edited while the server runs: compare turned off, live once its page answers 404
        // (the stand-in renders the tenant with its new switches until its own bundle is built, in
        // the time of the rebuild above).
        const target = switchFiles.slice(3).find((f) => (JSON.parse(f.text) as { features: { compare?: boolean } }).features.compare !== false);
        if (!target) throw new Error('no synthetic tenant has compare on');
        const targetSlug = target.file.replace(/\.json$/, '');
        const before = await get(server.port, `${targetSlug}.localhost`, '/compare');
        if (before.status !== 200) throw new Error(`${targetSlug}: /compare answered ${before.status} before the switch`);
        const off = JSON.parse(target.text) as { features: Record<string, unknown> };
        off.features = { ...off.features, compare: false };
        const t1 = performance.now();
        writeFileSync(join(tenantsDir, target.file), JSON.stringify(off, null, 2));
        for (;;) {
          const page = await get(server.port, `${targetSlug}.localhost`, '/compare');
          if (page.status === 404) break;
          if (performance.now() - t1 > 60_000) throw new Error('the switched-off page still answered after 60 s');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        switchLiveMs = performance.now() - t1;
        console.log(`  a feature switched off in a tenant file, live on the running server (stand-in until its own bundle lands): ${seconds(switchLiveMs)}`);
      } finally {
        await server.close();
      }
    }
    return { tenants: count, bundles, fullBuildMs: full.wallMs, labelRebuildMs: label.wallMs, labelLiveMs, switchLiveMs, switchRebuildMs: switched.wallMs, sharedChangeMs, diskBytes: disk.bytes, links: disk.links, serverRssBytes };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Runs the benchmark for each count and prints the figures against the goals. */
export async function benchScale(): Promise<ScaleFigures[]> {
  const counts = (argValue('--tenants') ?? '100,500').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const featureSets = Number(argValue('--feature-sets') ?? 24);
  const withServer = !process.argv.includes('--no-server');
  const withSharedChange = !process.argv.includes('--no-shared-change');
  console.log(`build at scale: ${counts.join(' and ')} synthetic tenants on ${featureSets} distinct feature sets; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const all: ScaleFigures[] = [];
  for (const count of counts) all.push(await scaleOnce(count, featureSets, withServer, withSharedChange));
  console.log(`\nagainst the goals (load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  for (const f of all) {
    console.log(`  ${f.tenants} tenants: full build ${seconds(f.fullBuildMs)} (${mark(f.fullBuildMs <= GOALS.fullBuildMs)} ≤ 10 min); label live ${f.labelLiveMs === null ? '—' : `${seconds(f.labelLiveMs)} (${mark(f.labelLiveMs <= GOALS.labelLiveMs)} ≤ 2 s)`}, relinked in ${seconds(f.labelRebuildMs)}; feature switch live ${f.switchLiveMs === null ? '—' : `${seconds(f.switchLiveMs)} (${mark(f.switchLiveMs <= GOALS.switchLiveMs)} ≤ 15 s)`}, its own bundle in ${seconds(f.switchRebuildMs)}; shared code change ${f.sharedChangeMs === null ? '—' : seconds(f.sharedChangeMs)}; ${(f.diskBytes / 1024 ** 2).toFixed(0)} MB on disk; server ${f.serverRssBytes === null ? '—' : `${(f.serverRssBytes / 1024 ** 2).toFixed(0)} MB resident (${mark(f.serverRssBytes < GOALS.serverRssBytes)} < 2 GB)`}`);
  }
  return all;
}

// `npm run editor`: the tenant editor in Electron where its binary exists, otherwise the same
// editor in the browser on a printed localhost URL. Prints exactly one line
// `Editor ready at <url>` once it is usable. PORT picks the browser-mode port (default: free port).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startBrowserEditor, REPO_ROOT } from '../editor/core/editor-app.ts';
import { ensureRendererBuilt } from '../editor/core/renderer-build.ts';
import { electronFetchDeps, ensureElectron } from '../editor/core/electron-fetch.ts';
import { lookupPostcode } from '../server/postcodes/index.ts';

const log = (line: string) => console.error(line);

/** Path of Electron's binary when it was downloaded; undefined on machines without it. */
function electronBinary(): string | undefined {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

async function runElectron(binary: string) {
  const { buildElectronEntry } = await import('../editor/core/electron-build.ts');
  const main = await buildElectronEntry();
  const child = spawn(binary, [main], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => process.stdout.write(d));
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function runBrowser() {
  const port = process.env.PORT ? Number(process.env.PORT) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) throw new Error(`PORT: "${process.env.PORT}" is not a port number`);
  // EDITOR_TENANTS_DIR / EDITOR_STATE_DIR / EDITOR_PREVIEW_DATA_DIR let tests and the benchmark work on copies.
  const state = process.env.EDITOR_STATE_DIR;
  const editor = await startBrowserEditor({
    ...(port !== undefined ? { port } : {}),
    ...(process.env.EDITOR_TENANTS_DIR ? { tenantsDir: process.env.EDITOR_TENANTS_DIR } : {}),
    ...(state ? { recoveryDir: `${state}/recovery`, trashDir: `${state}/trash`, distDir: `${state}/dist` } : {}),
    ...(process.env.EDITOR_PREVIEW_DATA_DIR ? { previewDataDir: process.env.EDITOR_PREVIEW_DATA_DIR } : {}),
    ...(process.env.EDITOR_PREVIEW_REPO_ROOT ? { previewRepoRoot: process.env.EDITOR_PREVIEW_REPO_ROOT } : {}),
    postcodes: lookupPostcode,
    log,
  });
  console.log(`Editor ready at ${editor.bridge.url}`);
  void editor.core.prime();
  // Compile the validator and start the preview soon, so the first tenant opens quickly — but not
  // while the browser is still loading the editor itself (two cores are easily saturated): once
  // the page has its tenant list (and a moment to show it), or after 3 s without a page.
  let warming = false;
  const warm = () => {
    if (warming) return;
    warming = true;
    void editor.core.warm().catch((err: unknown) => log(`warm-up failed: ${String(err)}`));
  };
  setTimeout(warm, 3000).unref();
  void editor.core.firstList.then(() => setTimeout(warm, 200).unref());
  const stop = () => {
    void editor.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * `--demo-data-server`: the editor preview's data source, run as a child of the editor (see
 * editor/core/demo-data.ts): the embedded platform server, printing `DEMO_DATA_READY <port>`.
 */
async function runDemoDataServer() {
  const [{ startServer }, { validateTenantSet }] = await Promise.all([import('../server/index.ts'), import('../schema/validate.ts')]);
  const tenantsDir = process.env.DEMO_TENANTS_DIR;
  const dataDir = process.env.DEMO_DATA_DIR;
  if (!tenantsDir || !dataDir) throw new Error('DEMO_TENANTS_DIR and DEMO_DATA_DIR must be set');
  // The platform refuses to start when any tenant file has errors, and a tenant being set up in
  // the editor often has some: host a copy of the valid files only.
  const hostedDir = path.join(dataDir, 'hosted-tenants');
  const copyValidTenants = () => {
    rmSync(hostedDir, { recursive: true, force: true });
    mkdirSync(hostedDir, { recursive: true });
    const files = readdirSync(tenantsDir)
      .filter((n) => n.endsWith('.json'))
      .map((file) => ({ file, text: readFileSync(path.join(tenantsDir, file), 'utf8') }));
    for (const r of validateTenantSet(files)) {
      if (r.issues.some((i) => i.severity === 'error')) console.log(`not hosting ${r.file} in the preview data (it has errors)`);
      else writeFileSync(path.join(hostedDir, r.file), files.find((f) => f.file === r.file)!.text);
    }
  };
  const start = (port: number) => {
    copyValidTenants();
    return startServer({
      port,
      host: '127.0.0.1',
      dataDir,
      tenantsDir: hostedDir,
      distDir: `${dataDir}/no-dist`,
      seedCars: Number(process.env.DEMO_SEED_CARS ?? 1500),
      validate: (files) => validateTenantSet(files).flatMap((r) => r.issues),
      log: (line) => console.log(line),
      // The preview (a page on 127.0.0.1) reaches this loopback-only server through its proxy.
      allowLoopbackOrigins: true,
    });
  };
  let server = await start(0);
  const ready = () => console.log(`DEMO_DATA_READY ${server.port} ${server.tenants.map((t) => t.slug).join(',')}`);
  ready();
  // `reload` on stdin: a tenant was created after start. Restarting on the same port (the preview's
  // proxy points at it) reads the tenant files again and seeds stock for the new ones.
  let reloading = Promise.resolve();
  process.stdin.setEncoding('utf8');
  let pending = '';
  process.stdin.on('data', (d: string) => {
    pending += d;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // `apply <seq> <resolved tenant JSON>`: the config being edited (the preview serves it as
      // edited, locations and hours included); answered `DEMO_DATA_APPLIED <seq>`.
      const applied = /^apply (\d+) (.*)$/.exec(line);
      if (applied) {
        const seq = applied[1]!;
        const config = JSON.parse(applied[2]!) as import('../schema/resolved-tenant.gen.ts').ResolvedTenant;
        reloading = reloading.then(async () => {
          await server.applyTenant(config).catch((err: unknown) => console.log(`could not apply ${config.slug}: ${String(err)}`));
          console.log(`DEMO_DATA_APPLIED ${seq}`);
        });
        continue;
      }
      if (line === 'reload') reload();
    }
  });
  const reload = () => {
    reloading = reloading.then(async () => {
      const port = server.port;
      await server.close();
      try {
        server = await start(port);
      } catch (err) {
        console.log(`reload failed: ${err instanceof Error ? err.message : String(err)}`);
        server = await start(port);
      }
      ready();
    });
  };
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The editor owns this process: if it dies without stopping us, stop too.
  setInterval(() => {
    if (process.ppid === 1) stop();
  }, 2000).unref();
}

if (process.argv.includes('--demo-data-server')) {
  await runDemoDataServer();
} else {
  await ensureRendererBuilt(log);
  // Electron's binary is fetched on first use (npm install does not, so it works offline).
  const binary = process.env.FORECOURT_EDITOR_BROWSER ? undefined : electronBinary() ?? (await ensureElectron(electronFetchDeps(REPO_ROOT, log)));
  if (binary) await runElectron(binary);
  else await runBrowser();
}
export {};

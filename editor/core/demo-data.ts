import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoDataServer } from './preview-server.ts';

export interface DemoDataOptions {
  tenantsDir: string;
  /** Its own database folder, so the editor never fights `npm start` over the same PGlite files. */
  dataDir: string;
  seedCars?: number;
  log?: (line: string) => void;
}

/** GET/POST against the embedded server as tenant `slug` (Node does not resolve *.localhost, so the Host header names it). */
function requestJson(origin: string, slug: string, pathname: string, body?: unknown): Promise<unknown> {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: u.port,
        path: pathname,
        method: body === undefined ? 'GET' : 'POST',
        headers: { host: `${slug}.localhost:${u.port}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        timeout: 5000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 400) return reject(new Error(`${pathname}: HTTP ${res.statusCode}`));
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${pathname}: timed out`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * The embedded platform server (server/index.ts) as the preview's data source: the same API and
 * search the real sites use, seeded with demo stock, on a free localhost port. It runs in a child
 * process (`scripts/editor.ts --demo-data-server`) because seeding and PGlite are CPU-heavy and would otherwise stall
 * the editor's keystroke-to-diagnostics path.
 */
export async function startDemoDataServer(options: DemoDataOptions): Promise<DemoDataServer> {
  const child = spawn(
    process.execPath,
    // scripts/editor.ts hosts the server: editor/ may not import server/ (ARCHITECTURE.md), scripts/ may.
    // A CPU profile of the editor (node --cpu-prof) covers its data server too.
    [...process.execArgv.filter((a) => a.startsWith('--cpu-prof')), '--import', import.meta.resolve('tsx'), path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'editor.ts'), '--demo-data-server'],
    {
      // stdin carries `reload` requests (a tenant created after start needs seeding).
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ELECTRON_RUN_AS_NODE: '1',
        DEMO_TENANTS_DIR: options.tenantsDir,
        DEMO_DATA_DIR: options.dataDir,
        DEMO_SEED_CARS: String(options.seedCars ?? 1500),
      },
    },
  );
  // Every `DEMO_DATA_READY <port> <slug,slug…>` line (at start and after each reload) resolves the waiter.
  let hosted = new Set<string>();
  /** Edits sent with `apply`, waiting for the child to confirm them (answered in order). */
  const applying = new Map<number, () => void>();
  let applySeq = 0;
  let onReady: ((port: number) => void) | undefined;
  let onExit: ((err: Error) => void) | undefined;
  let out = '';
  let stderrTail = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (stderrTail = (stderrTail + d).slice(-2000)));
  child.stdout.on('data', (d: string) => {
    out += d;
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines) {
      const acked = /^DEMO_DATA_APPLIED (\d+)$/.exec(line.trim());
      if (acked) {
        const seq = Number(acked[1]);
        for (const [n, done] of applying) {
          if (n > seq) continue;
          applying.delete(n);
          done();
        }
        continue;
      }
      const m = /^DEMO_DATA_READY (\d+)(?: (\S*))?$/.exec(line.trim());
      if (m) {
        hosted = new Set((m[2] ?? '').split(',').filter(Boolean));
        onReady?.(Number(m[1]));
      } else if (line.trim()) options.log?.(`preview data: ${line.trim()}`);
    }
  });
  child.on('exit', () => {
    for (const done of applying.values()) done();
    applying.clear();
  });
  child.on('exit', (code) => onExit?.(new Error(`demo data server exited with code ${code}: ${stderrTail.trim()}`)));
  const ready = () =>
    new Promise<number>((resolve, reject) => {
      onReady = resolve;
      onExit = reject;
      child.once('error', reject);
    });
  const port = await ready();
  const origin = `http://127.0.0.1:${port}`;
  let reloading: Promise<void> | undefined;
  return {
    origin,
    async ensureTenant(slug: string): Promise<boolean> {
      if (hosted.has(slug)) return false;
      if (!reloading) {
        const next = ready();
        child.stdin.write('reload\n');
        reloading = next.then(() => undefined).finally(() => (reloading = undefined));
      }
      await reloading;
      return hosted.has(slug);
    },
    async applyTenant(config) {
      if (!hosted.has(config.slug) || child.exitCode !== null) return false;
      const seq = ++applySeq;
      const done = new Promise<void>((resolve) => applying.set(seq, resolve));
      child.stdin.write(`apply ${seq} ${JSON.stringify(config)}\n`);
      await done;
      return true;
    },
    async sampleCar(slug: string) {
      // Only a tenant the server hosts: otherwise the answer would not be this tenant's stock.
      if (!hosted.has(slug)) return undefined;
      const found = (await requestJson(origin, slug, '/1/indexes/cars/query', { params: 'hitsPerPage=1' })) as { hits?: { slug?: string }[] };
      const car = found.hits?.[0];
      return car?.slug ? { slug: car.slug } : undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

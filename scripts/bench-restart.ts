import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request } from '../server/local-client.ts';
import { REPO_ROOT } from './lib/tenants.ts';

/*
 * `npm start` as a person runs it, timed from the command to every tenant's home page answering
 * 200 (rendered by the server):
 * - a first start on an empty data folder (the demo database prepared at install is copied;
 *   stale tenants are built, `--wait-builds`, and not timed against a goal);
 * - then restarts with nothing stale (the same data folder, every bundle current): the goal is
 *   every site answering within 5 s. Each restart is a new `npm start` process.
 * Its own data folder under the system's temporary folder and its own port; the servers are
 * stopped as Ctrl+C stops them. `npm run bench -- restart [--runs 3]` (FC_RESTART_PORT picks the port).
 */

/** The goal for a restart with nothing stale, in seconds. */
const RESTART_GOAL_S = 5;

/** The load average now, as `uptime` prints it. */
const loadNow = () => `load average ${os.loadavg().map((figure) => figure.toFixed(2)).join(', ')}`;

/** A free loopback port (the OS picks it, then it is let go for npm start to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The tenants `npm start` serves: one per file in tenants/. */
function tenantSlugs(): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, 'tenants'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

interface Started {
  child: ChildProcess;
  output: string[];
  /** Seconds from the command to the server's "ready" line, when it printed one. */
  readyS?: number;
  /** Seconds from the command to each tenant's home page answering 200. */
  answered: Map<string, number>;
  /** Seconds from the command to the last of them. */
  allS: number;
}

/**
 * Runs `npm start` and waits until every tenant's home page answers 200, asking each again every
 * 50 ms while the server is not up yet (connection refused) or answers otherwise.
 */
async function startAndWait(args: string[], env: NodeJS.ProcessEnv, port: number, slugs: string[], limitS: number): Promise<Started> {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output: string[] = [];
  let readyS: number | undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    output.push(chunk.toString());
    if (readyS === undefined && /Forecourt is ready/.test(output.join(''))) readyS = (performance.now() - t0) / 1000;
  });
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const answered = new Map<string, number>();
  await Promise.all(
    slugs.map(async (slug) => {
      for (;;) {
        if (exited) throw new Error(`npm start stopped before ${slug} answered:\n${output.join('')}`);
        if ((performance.now() - t0) / 1000 > limitS) throw new Error(`${slug} did not answer within ${limitS} s:\n${output.join('')}`);
        const status = await request(port, `${slug}.localhost:${port}`, '/').then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) {
          answered.set(slug, (performance.now() - t0) / 1000);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  return { child, output, readyS, answered, allS: Math.max(...answered.values()) };
}

/** Stops the server as Ctrl+C does (SIGINT to npm's process group) and waits for it to exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGINT');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The restart benchmark: a first start, then `runs` restarts with nothing stale. */
export async function benchRestart(options: { runs?: number } = {}): Promise<void> {
  const runs = options.runs ?? 3;
  const slugs = tenantSlugs();
  const port = Number(process.env.FC_RESTART_PORT ?? (await freePort()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-restart-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  delete env.DATABASE_URL;
  delete env.PGLITE_DIR;
  try {
    console.log(`npm start on port ${port}, data folder ${dataDir}, ${slugs.length} tenants; ${loadNow()}`);
    const first = await startAndWait(['--wait-builds'], env, port, slugs, 900);
    await stop(first.child);
    const built = first.output.join('').match(/Building \d+ stale tenant\(s\)[^\n]*/)?.[0];
    console.log(`first start (empty data folder${built ? `; ${built}` : ', nothing stale'}): every site answered in ${first.allS.toFixed(1)} s; ${loadNow()}`);

    const times: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const loadBefore = loadNow();
      const started = await startAndWait([], env, port, slugs, 120);
      await stop(started.child);
      const text = started.output.join('');
      if (/stale tenant/.test(text)) throw new Error(`restart ${run} found stale tenants, so it is not a restart with nothing stale:\n${text}`);
      const firstSite = Math.min(...started.answered.values());
      times.push(started.allS);
      console.log(
        `restart ${run}: every site answered in ${started.allS.toFixed(2)} s (listening after ${started.readyS?.toFixed(2) ?? '?'} s, first site ${firstSite.toFixed(2)} s); before: ${loadBefore}`,
      );
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`restart with nothing stale, all ${slugs.length} sites answering: median ${median.toFixed(2)} s of ${runs} (goal ≤ ${RESTART_GOAL_S} s: ${median <= RESTART_GOAL_S ? 'met' : 'missed'}); ${loadNow()}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

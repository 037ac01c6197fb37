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

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds a process and its descendants have used so far (all their threads), from Linux's
 * /proc; null elsewhere. The load-independent figure beside the wall-clock ones.
 */
function treeCpuSeconds(pid: number): number | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / TICKS;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) total += treeCpuSeconds(Number(child)) ?? 0;
    }
    return total;
  } catch {
    return null;
  }
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
  /** CPU seconds npm start had used by then (every process and thread), when known. */
  cpuS: number | null;
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
  const allS = Math.max(...answered.values());
  const cpuS = treeCpuSeconds(child.pid!);
  // With --wait-builds the server says it is ready only once every tenant's own bundle is built
  // (the stand-in answers before): stopping it sooner would leave the next start stale tenants.
  const saidReady = () => readyS !== undefined; // set by the output handler meanwhile
  while (args.includes('--wait-builds') && !saidReady()) {
    if (exited) throw new Error(`npm start stopped before its builds were done:\n${output.join('')}`);
    if ((performance.now() - t0) / 1000 > limitS) throw new Error(`the builds were not done within ${limitS} s:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output, readyS, answered, allS, cpuS };
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
    console.log(`first start (empty data folder${built ? `; ${built}` : ', nothing stale'}): every site answered in ${first.allS.toFixed(1)} s, every tenant's own bundle in ${first.readyS?.toFixed(1) ?? '?'} s; ${loadNow()}`);

    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const loadBefore = loadNow();
      const started = await startAndWait([], env, port, slugs, 120);
      await stop(started.child);
      const text = started.output.join('');
      if (/stale tenant/.test(text)) throw new Error(`restart ${run} found stale tenants, so it is not a restart with nothing stale:\n${text}`);
      const firstSite = Math.min(...started.answered.values());
      times.push(started.allS);
      if (started.cpuS !== null) cpu.push(started.cpuS);
      console.log(
        `restart ${run}: every site answered in ${started.allS.toFixed(2)} s (listening after ${started.readyS?.toFixed(2) ?? '?'} s, first site ${firstSite.toFixed(2)} s; ${started.cpuS?.toFixed(2) ?? '?'} s of CPU by then, all threads and processes); before: ${loadBefore}`,
      );
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    if (cpu.length > 0) console.log(`CPU used until every site answered: median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(2)} s (on 2 idle cores the wall time can be no less than half of it)`);
    console.log(`restart with nothing stale, all ${slugs.length} sites answering: median ${median.toFixed(2)} s of ${runs} (goal ≤ ${RESTART_GOAL_S} s: ${median <= RESTART_GOAL_S ? 'met' : 'missed'}); ${loadNow()}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/*
 * A platform server in a child process, for tests that kill it (SIGKILL mid-write) and start it
 * again on the same data directory. The fixture script prints `READY <port>` once it listens.
 */

// Run as `npm start` runs the server: its compiled code (scripts/run-compiled.mjs compiles the
// fixture and what it imports once, then loads one file), in Node itself, so a signal reaches the
// server process. Through tsx each start spent about 2.5 s of a core loading the server's modules.
const RUN_COMPILED = path.join(import.meta.dirname, '..', '..', 'scripts', 'run-compiled.mjs');

/**
 * Starts a fixture server script (server/test-fixtures/…) in a child process and resolves with
 * it and its port once it says it is ready (two minutes at most; an early exit rejects with
 * what it printed).
 * @param fixture the script's file name in server/test-fixtures
 * @param args its arguments (data directory, tenants directory)
 * @param env extra environment variables
 */
export function startChildServer(fixture: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; port: number }> {
  const script = path.join(import.meta.dirname, '..', 'test-fixtures', fixture);
  const child = spawn(process.execPath, [RUN_COMPILED, script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${out}`));
    });
  });
}

import { spawn } from 'node:child_process';

/** Runs a command with inherited stdio; resolves with its exit code (never rejects). */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(1);
    });
  });
}

/**
 * Runs a command with its output kept back: both streams, in the order written, are handed to the
 * caller once it ends (for a step that runs beside another whose output is shown live).
 */
export function runQuiet(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
    child.on('error', (err) => resolve({ code: 1, output: `${cmd}: ${err.message}\n` }));
  });
}

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

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * Electron's binary is not fetched by `npm install` (package.json's allowScripts keeps its install
 * script from running, so an install without internet still succeeds). `npm run editor` fetches it
 * on first use instead, with progress, and falls back to the editor in the browser with one line
 * when it cannot.
 */

/** What fetching needs; the real ones download with @electron/get and unpack with Electron's own installer. */
export interface ElectronFetchDeps {
  /** The binary's path when it is there. */
  binary(): string | undefined;
  /** Downloads Electron's zip into the download cache, reporting progress (0..1). */
  download(onProgress: (fraction: number) => void): Promise<void>;
  /** Unpacks the cached zip where `require('electron')` finds it (Electron's own install.js). */
  install(): Promise<void>;
  log(line: string): void;
  /** How long the download may go without any progress before giving up, ms. */
  stallMs?: number;
}

/**
 * The Electron binary, fetched on first use: undefined (after one line saying the editor opens in
 * the browser instead) when it cannot be downloaded.
 * @param deps download, unpack and logging
 */
export async function ensureElectron(deps: ElectronFetchDeps): Promise<string | undefined> {
  const present = deps.binary();
  if (present) return present;
  let shown = -1;
  let stall: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const arm = () => {
        clearTimeout(stall);
        stall = setTimeout(() => reject(new Error('no answer from the download server')), deps.stallMs ?? 15_000);
      };
      arm();
      deps
        .download((fraction) => {
          arm();
          const step = Math.min(100, Math.floor(fraction * 10) * 10);
          if (step <= shown) return;
          if (shown < 0) deps.log('Downloading the desktop editor (Electron, once)…');
          shown = step;
          deps.log(`  ${step} %`);
        })
        .then(resolve, reject);
    });
    await deps.install();
  } catch (err) {
    deps.log(`The desktop editor could not be downloaded (${err instanceof Error ? err.message.split('\n')[0] : String(err)}): opening the editor in the browser instead.`);
    return undefined;
  } finally {
    clearTimeout(stall);
  }
  const fetched = deps.binary();
  if (!fetched) deps.log('The desktop editor was downloaded but could not be unpacked: opening the editor in the browser instead.');
  return fetched;
}

/**
 * The real download and unpacking, for `npm run editor`.
 * @param repoRoot the repository (its node_modules holds electron)
 * @param log where progress goes
 */
export function electronFetchDeps(repoRoot: string, log: (line: string) => void): ElectronFetchDeps {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const electronDir = path.dirname(require.resolve('electron/package.json'));
  return {
    binary() {
      try {
        // require('electron') in Node is the path of the binary (it throws while there is none).
        const bin = createRequire(path.join(repoRoot, 'package.json'))('electron') as unknown;
        return typeof bin === 'string' ? bin : undefined;
      } catch {
        return undefined;
      }
    },
    async download(onProgress) {
      const { downloadArtifact } = await import('@electron/get');
      const { version } = require('electron/package.json') as { version: string };
      const checksums = require('electron/checksums.json') as Record<string, string>;
      await downloadArtifact({
        version,
        artifactName: 'electron',
        platform: process.platform,
        arch: process.arch,
        checksums,
        downloadOptions: { getProgressCallback: async (p: { percent: number }) => onProgress(p.percent) },
      });
    },
    install: () =>
      new Promise<void>((resolve, reject) => {
        // Finds the zip in the cache the download just filled, checks it and unpacks it.
        const child = spawn(process.execPath, [path.join(electronDir, 'install.js')], { cwd: electronDir, stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (d: string) => (err += d));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(err.trim().split('\n')[0] || `installer exited with ${code}`))));
      }),
    log,
  };
}

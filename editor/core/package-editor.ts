import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ELECTRON_BUILDER_VERSION, PACKAGE_OUTPUT_DIR, PACKAGE_TARGETS, packagePlatform, packagingConfig } from './package-config.ts';

/** What packaging needs from the machine (tests replace them). */
export interface PackageDeps {
  repoRoot: string;
  platform: string;
  /** Builds the editor page and the Electron entry the package runs. */
  prepare: () => Promise<void>;
  spawn: (command: string, args: string[], options: { cwd: string; stdio: 'inherit' }) => Pick<ChildProcess, 'on'>;
  log: (line: string) => void;
}

/** The Electron release the repository installs (its package.json, else the devDependency's range without the caret). */
export function electronVersion(repoRoot: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    const range = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> }).devDependencies?.electron ?? '';
    return range.replace(/^[^\d]*/, '');
  }
}

/**
 * Packages the desktop editor for one platform: builds the editor page and the Electron entry,
 * writes the electron-builder configuration, then runs electron-builder (fetched from the npm
 * registry on first use, as Electron's own binary is). Resolves with the exit code; a failure is
 * one line saying why.
 * @param args command-line arguments (`linux`, `mac` or `win`; default this machine's)
 * @param deps the machine
 */
export async function packageEditor(args: readonly string[], deps: PackageDeps): Promise<number> {
  const platform = packagePlatform(args[0], deps.platform);
  const { flag, target } = PACKAGE_TARGETS[platform];
  await deps.prepare();
  const configFile = path.join(deps.repoRoot, '.cache', 'editor-package', 'electron-builder.json');
  mkdirSync(path.dirname(configFile), { recursive: true });
  writeFileSync(configFile, JSON.stringify(packagingConfig(electronVersion(deps.repoRoot)), null, 2) + '\n');
  deps.log(`Packaging the editor for ${platform} (${target}) into ${PACKAGE_OUTPUT_DIR}/ with electron-builder ${ELECTRON_BUILDER_VERSION}…`);
  const code = await new Promise<number>((resolve) => {
    const child = deps.spawn('npx', ['--yes', `electron-builder@${ELECTRON_BUILDER_VERSION}`, '--config', configFile, flag, '--publish', 'never'], { cwd: deps.repoRoot, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code === 0) deps.log(`Editor packaged: ${PACKAGE_OUTPUT_DIR}/`);
  else deps.log(`Packaging failed (electron-builder exited with code ${code}): it is fetched from the npm registry on first use and downloads Electron for ${platform}, so it needs a connection; the messages above say more.`);
  return code;
}

/** The machine as it is. */
export function realPackageDeps(repoRoot: string, prepare: () => Promise<void>): PackageDeps {
  return { repoRoot, platform: process.platform, prepare, spawn: (command, args, options) => nodeSpawn(command, args, options), log: (line) => console.log(line) };
}

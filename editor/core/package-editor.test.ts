import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { packagePlatform, packagingConfig } from './package-config.ts';
import { packageEditor, type PackageDeps } from './package-editor.ts';

/*
 * Packaging the desktop editor (electron-builder cannot be fetched on this machine, so it is
 * replaced by a recorded spawn): the installers staff need per platform, what goes in the package,
 * and one clear line when packaging fails.
 */

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fc-package-'));
  mkdirSync(path.join(root, 'node_modules', 'electron'), { recursive: true });
  writeFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), JSON.stringify({ version: '41.7.1' }));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ devDependencies: { electron: '^41.7.1' } }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function machine(platform: string, exitCode: number) {
  const calls: { command: string; args: string[]; cwd: string }[] = [];
  const lines: string[] = [];
  let prepared = 0;
  const deps: PackageDeps = {
    repoRoot: root,
    platform,
    prepare: async () => {
      prepared++;
    },
    spawn: (command, args, options) => {
      calls.push({ command, args, cwd: options.cwd });
      const child = new EventEmitter();
      setImmediate(() => child.emit('exit', exitCode));
      return child as never;
    },
    log: (line) => lines.push(line),
  };
  return { deps, calls, lines, prepared: () => prepared };
}

describe('packaging the desktop editor', () => {
  test.each([
    ['linux', '--linux', 'AppImage'],
    ['darwin', '--mac', 'dmg'],
    ['win32', '--win', 'nsis'],
  ])('on %s: the editor built first, then electron-builder for %s (%s), publishing nothing', async (platform, flag, target) => {
    const m = machine(platform, 0);
    expect(await packageEditor([], m.deps)).toBe(0);
    expect(m.prepared()).toBe(1);
    expect(m.calls).toHaveLength(1);
    const [call] = m.calls;
    expect(call!.command).toBe('npx');
    expect(call!.args).toEqual(['--yes', 'electron-builder@26.0.12', '--config', path.join(root, '.cache', 'editor-package', 'electron-builder.json'), flag, '--publish', 'never']);
    expect(call!.cwd).toBe(root);
    const written = JSON.parse(readFileSync(call!.args[3]!, 'utf8')) as ReturnType<typeof packagingConfig>;
    expect(written.electronVersion).toBe('41.7.1');
    expect(Object.values({ linux: written.linux.target, mac: written.mac.target, win: written.win.target }).flat()).toContain(target);
    expect(m.lines.at(-1)).toBe('Editor packaged: dist-editor/');
  });

  test('the package runs the bundled Electron entry, carries the sources the preview and builds read, unpacked, and leaves out tests and local data', () => {
    const config = packagingConfig('41.7.1');
    expect(config.extraMetadata.main).toBe('.cache/editor-electron/main.mjs');
    expect(config.asar).toBe(false);
    expect(config.files[0]).toBe('**/*');
    for (const out of ['!**/*.test.{ts,tsx}', '!e2e/**', '!dist/**', '!.data/**', '!dist-editor/**']) expect(config.files).toContain(out);
    expect({ linux: config.linux.target, mac: config.mac.target, win: config.win.target }).toEqual({ linux: ['AppImage'], mac: ['dmg'], win: ['nsis'] });
  });

  test('a platform can be named; an unknown one is refused naming the choices', () => {
    expect(packagePlatform('win', 'linux')).toBe('win');
    expect(() => packagePlatform('beos', 'linux')).toThrow('platform: "beos" is not one of linux, mac, win');
  });

  test('a failure (no connection to fetch electron-builder) ends with one line saying why', async () => {
    const m = machine('linux', 1);
    expect(await packageEditor(['linux'], m.deps)).toBe(1);
    expect(m.lines.at(-1)).toBe('Packaging failed (electron-builder exited with code 1): it is fetched from the npm registry on first use and downloads Electron for linux, so it needs a connection; the messages above say more.');
  });
});

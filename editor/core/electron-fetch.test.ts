import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureElectron, type ElectronFetchDeps } from './electron-fetch.ts';

afterEach(() => vi.useRealTimers());

function deps(over: Partial<ElectronFetchDeps> & { installed?: { value: boolean } } = {}) {
  const lines: string[] = [];
  const installed = over.installed ?? { value: false };
  const d: ElectronFetchDeps = {
    binary: () => (installed.value ? '/repo/node_modules/electron/dist/electron' : undefined),
    download: async () => undefined,
    install: async () => {
      installed.value = true;
    },
    log: (line) => lines.push(line),
    ...over,
  };
  return { d, lines, installed };
}

describe('Electron on first use', () => {
  test('an Electron already there is used as it is', async () => {
    const download = vi.fn();
    const { d, lines } = deps({ installed: { value: true }, download });
    expect(await ensureElectron(d)).toBe('/repo/node_modules/electron/dist/electron');
    expect(download).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  test('downloads with progress, unpacks, and opens the desktop app', async () => {
    const { d, lines } = deps({
      download: async (progress) => {
        for (const f of [0, 0.05, 0.31, 0.32, 0.7, 1]) progress(f);
      },
    });
    expect(await ensureElectron(d)).toBe('/repo/node_modules/electron/dist/electron');
    expect(lines).toEqual(['Downloading the desktop editor (Electron, once)…', '  0 %', '  30 %', '  70 %', '  100 %']);
  });

  test('without a network: exactly one clear line, and the browser editor', async () => {
    const { d, lines } = deps({ download: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND github.com\n    at …')) });
    expect(await ensureElectron(d)).toBeUndefined();
    expect(lines).toEqual(['The desktop editor could not be downloaded (getaddrinfo ENOTFOUND github.com): opening the editor in the browser instead.']);
  });

  test('a download that never answers gives up after the stall time', async () => {
    vi.useFakeTimers();
    const { d, lines } = deps({ download: () => new Promise(() => undefined), stallMs: 15_000 });
    const result = ensureElectron(d);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await result).toBeUndefined();
    expect(lines).toEqual(['The desktop editor could not be downloaded (no answer from the download server): opening the editor in the browser instead.']);
  });

  test('an unpacking that leaves no binary says so and falls back', async () => {
    const { d, lines } = deps({ install: async () => undefined });
    expect(await ensureElectron(d)).toBeUndefined();
    expect(lines.at(-1)).toBe('The desktop editor was downloaded but could not be unpacked: opening the editor in the browser instead.');
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { validateTenant, formatIssue } from '../../schema/validate.ts';
import { REPO_ROOT, freePort } from './editor-app.ts';
import { LivePreview } from './preview-server.ts';

// The build's fixture repository (a tiny site) keeps this test fast; the real site is covered by
// the browser journey in e2e/editor.
const FIXTURE = path.join(REPO_ROOT, 'build', 'test-fixtures', 'repo');
const slug = 'range-road-kia';
const SESSION = 'window-one';
const OTHER = 'window-two';
const text = readFileSync(path.join(REPO_ROOT, 'tenants', `${slug}.json`), 'utf8');

const cacheDir = mkdtempSync(path.join(tmpdir(), 'forecourt-preview-test-vite-'));
const preview = new LivePreview({
  repoRoot: FIXTURE,
  // The fixture's own pre-bundled dependencies: the default folder is the real site's (under the
  // repository's node_modules), which an editor running meanwhile is serving from.
  cacheDir,
  port: await freePort(),
  resolveText: async (s, t) => {
    const r = validateTenant(t, `${s}.json`);
    return r.config ? { config: r.config, errors: [] } : { errors: r.issues.map(formatIssue) };
  },
});
afterAll(async () => {
  await preview.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

async function servedConfig(): Promise<string> {
  const res = await fetch(new URL('/@id/__x00__virtual:tenant-config', preview.status().url));
  return res.text();
}

/** The edit a served config is, as the page reads it from the module. */
function liveVersion(code: string): number {
  const version = /export const liveConfig = \{"version":(\d+),"event":"forecourt:live-config"\}/.exec(code)?.[1];
  if (version === undefined) throw new Error(`no live config version in ${code.slice(0, 200)}`);
  return Number(version);
}

/**
 * A connection to the preview's live-edit channel as a page's Vite client opens it (with the
 * server's token), which reports the edit it started from and waits for what the server sends back.
 */
async function pageChannel(url: string) {
  const token = /const wsToken = "([^"]+)"/.exec(await (await fetch(new URL('/@vite/client', url))).text())?.[1];
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}?token=${token}`, 'vite-hmr');
  const received: { type: string }[] = [];
  socket.on('message', (m) => received.push(JSON.parse(String(m)) as { type: string }));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    report: (version: number) => socket.send(JSON.stringify({ type: 'custom', event: 'forecourt:live-config', data: { version } })),
    /** The first message that brings the page a config: a hot update or a page load. */
    async next(): Promise<{ type: string }> {
      for (;;) {
        const found = received.find((m) => m.type === 'update' || m.type === 'full-reload');
        if (found) return found;
        await new Promise((resolve) => socket.once('message', resolve));
      }
    },
    close: () => socket.close(),
  };
}

describe('LivePreview', () => {
  it('starts a dev server serving the tenant config as a live virtual module', async () => {
    const r = await preview.update(slug, text, SESSION);

    expect(r.applied).toBe(true);
    expect(preview.status()).toMatchObject({ state: 'ready' });
    expect(preview.origin()).toBe(new URL(preview.status().url!).origin);
    const code = await servedConfig();
    expect(code).toContain('"name":"Range Road Kia"');
    expect(code).toContain('globalThis.__FC_FEATURES__ = config.features');
  });

  it("runs React's production build (a keystroke re-renders the whole page; the development build's checks cost most of it)", async () => {
    const url = preview.status().url!;
    const main = await (await fetch(new URL('/src/main.ts', url))).text();
    const reactDep = /from "([^"]*\/deps\/react\.js[^"]*)"/.exec(main)?.[1];
    expect(reactDep).toBeDefined();
    const entry = new URL(reactDep!, url);
    // The pre-bundled entry re-exports a shared chunk, which names the file it came from.
    const chunks = [...(await (await fetch(entry)).text()).matchAll(/from "([^"]+)"/g)].map((m) => new URL(m[1]!, entry));
    const react = (await Promise.all(chunks.map(async (chunk) => (await fetch(chunk)).text()))).join('\n');

    expect(react).toContain('react.production.js');
    expect(react).not.toContain('react.development.js');
  });

  it('serves an edit without saving or building', async () => {
    const edited = text.replace('"name": "Range Road Kia"', '"name": "Edited In Editor"');

    const r = await preview.update(slug, edited, SESSION);

    expect(r.applied).toBe(true);
    expect(await servedConfig()).toContain('"name":"Edited In Editor"');
  });

  it('sends an edit again to a page that fetched its config before the edit and listened only after it', async () => {
    const url = preview.status().url!;
    const loadedFrom = liveVersion(await servedConfig());
    await preview.update(slug, text.replace('"name": "Range Road Kia"', '"name": "Edited While Loading"'), SESSION);
    const edited = liveVersion(await servedConfig());

    const late = await pageChannel(url);
    late.report(loadedFrom);
    const resent = await late.next();
    late.close();
    // Switching a feature compiles other code: a page that missed that is loaded again.
    await preview.update(slug, text.replace('"compare": false', '"compare": true'), SESSION);
    const afterSwitch = await pageChannel(url);
    afterSwitch.report(edited);
    const reloaded = await afterSwitch.next();
    afterSwitch.close();

    expect(edited).toBe(loadedFrom + 1);
    expect(['update', 'full-reload']).toContain(resent.type);
    expect(reloaded.type).toBe('full-reload');
    await preview.update(slug, text.replace('"name": "Range Road Kia"', '"name": "Edited In Editor"'), SESSION);
  });

  it('keeps the last valid config and says why when the edit is invalid', async () => {
    const r = await preview.update(slug, '{ "slug": ', SESSION);

    expect(r).toMatchObject({ applied: false, shown: 'last-valid' });
    expect(r.reason).toMatch(/^Preview shows the last valid version: tenants\/range-road-kia\.json: /);
    expect(await servedConfig()).toContain('"name":"Edited In Editor"');
  });

  it('shows one session at a time: another window taking over is told, and an invalid new tenant gets a placeholder, not another site', async () => {
    const other = text.replace('"name": "Range Road Kia"', '"name": "Second Window"');

    const taken = await preview.update(slug, other, OTHER);
    const invalidNew = await preview.update('brand-new-motors', '{ "slug": "brand-new-motors" }', SESSION);

    expect(taken).toMatchObject({ applied: true, shown: 'this' });
    expect(preview.status(SESSION)).toMatchObject({ mine: false, slug });
    expect(preview.status(OTHER)).toMatchObject({ mine: true });
    expect(invalidNew).toMatchObject({ applied: false, shown: 'placeholder' });
    expect(invalidNew.reason).toMatch(/^The preview appears once brand-new-motors is valid: /);
    expect(await servedConfig()).toContain('"name":"Second Window"');
  });
});

describe('LivePreview while it starts', () => {
  it('says which step the wait is for: the demo stock while its server starts, then nothing once the preview shows', async () => {
    const ownCache = mkdtempSync(path.join(tmpdir(), 'forecourt-preview-test-vite-'));
    let dataStarted!: (server: { origin: string; close(): Promise<void> }) => void;
    const starting = new LivePreview({
      repoRoot: FIXTURE,
      cacheDir: ownCache,
      port: await freePort(),
      resolveText: async (s, t) => {
        const r = validateTenant(t, `${s}.json`);
        return r.config ? { config: r.config, errors: [] } : { errors: r.issues.map(formatIssue) };
      },
      // Held until the test lets it go, as seeding the demo stock holds it the first time.
      startDataServer: () => new Promise((resolve) => (dataStarted = resolve)),
    });
    try {
      expect(starting.status()).not.toHaveProperty('step');
      const opened = starting.update(slug, text, SESSION);
      await expect.poll(() => starting.status()).toMatchObject({
        state: 'starting',
        step: 'setting up the demo cars and dealer details it shows (the first time on this computer takes longest)…',
      });

      dataStarted({ origin: 'http://127.0.0.1:9', close: async () => undefined });
      expect(await opened).toMatchObject({ applied: true, shown: 'this' });
      expect(starting.status().state).toBe('ready');
      expect(starting.status()).not.toHaveProperty('step');
    } finally {
      await starting.close();
      rmSync(ownCache, { recursive: true, force: true });
    }
  });
});

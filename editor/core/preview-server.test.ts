import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, RENDERER_DIR } from './editor-app.ts';

const STAMP = path.join(RENDERER_DIR, '.inputs-hash');
const INPUTS = ['editor/renderer', 'editor/shared', 'editor/vite.config.ts', 'schema/tenant-schema.gen.ts', 'schema/unread-settings.json', 'package-lock.json'];

function listFiles(p: string, out: string[]) {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) if (name !== 'node_modules' && !name.endsWith('.test.tsx') && !name.endsWith('.test.ts')) listFiles(path.join(p, name), out);
  } else out.push(p);
}

/** Hash of everything the renderer bundle is made from. */
export function rendererInputsHash(): string {
  const files: string[] = [];
  for (const rel of INPUTS) listFiles(path.join(REPO_ROOT, rel), files);
  const h = createHash('sha256');
  for (const f of files) h.update(path.relative(REPO_ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/**
 * Builds the renderer (React + Monaco, bundled locally) unless the last build came from the same
 * inputs: `npm run editor` then starts in well under a second.
 */
export async function ensureRendererBuilt(log: (line: string) => void = () => undefined): Promise<{ built: boolean; ms: number }> {
  const t0 = performance.now();
  const hash = rendererInputsHash();
  if (existsSync(path.join(RENDERER_DIR, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    return { built: false, ms: performance.now() - t0 };
  }
  log('Building the editor UI (once per change to editor/)…');
  const { build } = await import('vite');
  await build({ configFile: path.join(REPO_ROOT, 'editor', 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(STAMP, hash);
  return { built: true, ms: performance.now() - t0 };
}

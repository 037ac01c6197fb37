import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/*
 * `npm start` opens the database before it loads the rest of the platform: creating an embedded
 * database is seconds of its own thread, and it should not wait for the server's, the builds' and
 * the validator's modules to load first. These checks read scripts/start.ts's static imports (what
 * Node loads before the script's first line runs) and fail if a heavy module comes back among them.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Every module loaded before the first line of `entry` runs: relative files by path, packages by name. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    const rel = path.relative(ROOT, file);
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = match[1] ?? '';
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
      else seen.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec));
    }
  };
  visit(path.join(ROOT, entry));
  return seen;
}

describe('npm start opens the database first', () => {
  const closure = staticClosure('scripts/start.ts');

  test('the modules loaded before the database module starts loading are small: no database engine, server, builds or validator', () => {
    const heavy = ['server/db/database.ts', 'kysely', '@electric-sql/pglite', 'server/index.ts', 'server/app.ts', 'build/background.ts', 'schema/validate.ts', 'vite', 'react', 'react-dom', 'ajv'];
    expect(heavy.filter((m) => closure.has(m))).toEqual([]);
    expect([...staticClosure('server/db/database.ts')]).toContain('@electric-sql/pglite');
  });

  test('the platform it then loads leaves out the build tools and the libraries only some requests need', () => {
    // The builds run in child processes; PDFs, PostgreSQL and the local mailbox's mail parser load their libraries on first use.
    const platform = new Set(['server/index.ts', 'build/background.ts', 'schema/validate.ts'].flatMap((entry) => [...staticClosure(entry)]));
    expect(platform).toContain('server/app.ts');
    const unwanted = ['vite', 'rolldown', '@tanstack/router-plugin', '@vitejs/plugin-react', 'prettier', 'pdf-lib', '@pdf-lib/fontkit', 'pg', 'mailparser'];
    expect(unwanted.filter((m) => platform.has(m))).toEqual([]);
  });

  test('the database module is loaded first and the database opened before the platform is loaded, and the server is handed that database', () => {
    const source = fs.readFileSync(path.join(ROOT, 'scripts/start.ts'), 'utf8');
    const dynamicImports = [...source.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);
    expect(dynamicImports[0]).toBe('../server/db/database.ts');
    const opened = source.indexOf('openDatabase(');
    const loaded = source.indexOf("import('../server/index.ts')");
    expect(opened).toBeGreaterThan(0);
    expect(loaded).toBeGreaterThan(opened);
    expect(source).toMatch(/startServer\(\{[^}]*\bdatabase\b/);
  });
});

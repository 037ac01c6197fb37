import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/*
 * The product says what it does and why, not which ticket asked for it: no issue, defect,
 * ticket or session numbers in source, comments, test names, tenant files, the schema or the
 * docs. Which change came when is the CHANGELOG's business (and git's), written without them.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['schema', 'site', 'server', 'editor', 'build', 'scripts', 'e2e', 'tenants', 'fixtures', 'docs'];
const ROOT_FILES = ['README.md', 'CHANGELOG.md', 'package.json', 'vite.config.ts', 'vitest.config.ts'];
const TEXT = /\.(ts|tsx|mts|mjs|js|json|css|md|html|yml|yaml)$/;
/** Generated files are checked through their sources; node_modules and build output are not ours. */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results']);

/** A word for a piece of process history (issue, defect, ticket, session, bug) followed by its number. */
export const TICKET_NUMBER = /\b(issue|defect|ticket|session|bug)s? ?#?\d+\b/i;

function walk(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(p, out);
    } else if (TEXT.test(e.name) && !/\.gen\.|routeTree\.gen/.test(e.name)) {
      out.push(p);
    }
  }
}

describe('no ticket numbers in the product', () => {
  const files: string[] = [];
  for (const folder of FOLDERS) walk(path.join(ROOT, folder), files);
  for (const file of ROOT_FILES) files.push(path.join(ROOT, file));
  // This file spells the forms out to test the pattern.
  const self = fileURLToPath(import.meta.url);

  test('the pattern catches the forms process history took', () => {
    // The forms are put together from a word and a number, so this file's own text holds none.
    const words = ['(issue', 'defects', 'session', 'Issue', 'ticket', 'bug'];
    const numbers = ['12)', '6 and 7', '21', '4\'s aim', '#9', '3'];
    for (const [i, word] of words.entries()) expect(`${word} ${numbers[i]}`).toMatch(TICKET_NUMBER);
    for (const text of ['a session cookie', '30 sessions', 'issues: []', 'the issue list', 'sessions.expires_at']) expect(text).not.toMatch(TICKET_NUMBER);
  });

  test('no source, test, tenant, schema or doc file names a ticket', () => {
    expect(files.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const file of files) {
      if (file === self) continue;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      text.split('\n').forEach((line, i) => {
        const m = TICKET_NUMBER.exec(line);
        if (m) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${m[0]}`);
      });
    }
    expect(found).toEqual([]);
  });
});

describe('the README and docs point only inside the repository', () => {
  const docs = ['README.md', 'CHANGELOG.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

  test('every link and every docs/ path they name is a file of this repository', () => {
    const bad: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      for (const m of text.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)) {
        const target = m[1] as string;
        if (/^[a-z]+:/i.test(target)) continue;
        const resolved = path.resolve(path.dirname(path.join(ROOT, doc)), target);
        if (!resolved.startsWith(ROOT + path.sep) || !existsSync(resolved)) bad.push(`${doc}: link ${target}`);
      }
      for (const m of text.matchAll(/`(docs\/[\w.-]+\.md)`/g)) if (!existsSync(path.join(ROOT, m[1] as string))) bad.push(`${doc}: ${m[1]}`);
      for (const m of text.matchAll(/`(\.\.\/[^`]*)`/g)) bad.push(`${doc}: ${m[1]} (outside the repository)`);
    }
    expect(bad).toEqual([]);
  });
});


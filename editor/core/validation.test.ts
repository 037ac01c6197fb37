import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './editor-app.ts';
import { SharedValidator } from './validation.ts';
import { Workspace } from './workspace.ts';

let root: string;
let validator: SharedValidator;
let slugs: string[];
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'validation-'));
  cpSync(path.join(REPO_ROOT, 'tenants'), path.join(root, 'tenants'), { recursive: true });
  const ws = new Workspace(path.join(root, 'tenants'), path.join(root, 'trash'));
  validator = new SharedValidator(ws);
  slugs = await ws.listSlugs();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const textOf = (slug: string) => readFileSync(path.join(root, 'tenants', `${slug}.json`), 'utf8');

describe('SharedValidator', () => {
  it('finds no errors in a valid tenant', async () => {
    const issues = await validator.validate(slugs[0]!, textOf(slugs[0]!));

    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('reports a schema error with its pointer, formatted message and line', async () => {
    const slug = slugs[0]!;
    const text = textOf(slug).replace(/"name": "[^"]*"/, '"name": ""');

    const issues = await validator.validate(slug, text);

    const issue = issues.find((i) => i.pointer === '/name')!;
    expect(issue.severity).toBe('error');
    expect(issue.formatted).toBe(`tenants/${slug}.json: /name: ${issue.message}`);
    expect(text.split('\n')[issue.line - 1]).toContain('"name": ""');
  });

  it('reports a syntax error at the offending line', async () => {
    const slug = slugs[0]!;
    const lines = textOf(slug).split('\n');
    lines[3] = lines[3]!.replace(/,$/, '');
    const broken = lines.join('\n');

    const issues = await validator.validate(slug, broken);

    expect(issues).toHaveLength(1);
    expect(issues[0]!.severity).toBe('error');
    expect(issues[0]!.line).toBeGreaterThanOrEqual(4);
  });

  it('checks rules across tenants: a slug used by another file is an error on the edited one', async () => {
    const [a, b] = slugs as [string, string];
    const text = textOf(a).replace(`"slug": "${a}"`, `"slug": "${b}"`);

    const issues = await validator.validate(a, text);

    expect(issues.some((i) => i.pointer === '/slug' && i.message.includes(b))).toBe(true);
  });

  it('resolves a valid text into the config the preview serves, and refuses an invalid one', async () => {
    const slug = slugs[0]!;

    const ok = await validator.resolve(slug, textOf(slug));
    const bad = await validator.resolve(slug, '{');

    expect(ok.config?.slug).toBe(slug);
    expect(ok.config?.features).toBeTypeOf('object');
    expect(bad.config).toBeUndefined();
    expect(bad.errors[0]).toMatch(new RegExp(`^tenants/${slug}.json: `));
  });
});

describe('SharedValidator answering the panel and the preview about one keystroke', () => {
  it('gives the preview the same answer as the problems panel, and a new answer once a save changes the other tenants', async () => {
    const [a, b] = slugs as [string, string];
    const otherText = textOf(b);
    const otherUrl = (JSON.parse(otherText) as { siteUrl: string }).siteUrl;
    const text = JSON.stringify({ ...(JSON.parse(textOf(a)) as object), siteUrl: otherUrl }, null, 2);

    const issues = await validator.validate(a, text);
    const resolved = await validator.resolve(a, text);
    // The other tenant moves to another address on disk (as a save would), and the validator is told.
    writeFileSync(path.join(root, 'tenants', `${b}.json`), otherText.replace(otherUrl, 'https://www.moved-elsewhere.example.com.au'));
    validator.invalidate();
    const afterSave = await validator.resolve(a, text);
    writeFileSync(path.join(root, 'tenants', `${b}.json`), otherText);
    validator.invalidate();

    expect(issues.some((i) => i.pointer === '/siteUrl' && i.severity === 'error')).toBe(true);
    expect(resolved.config).toBeUndefined();
    expect(resolved.errors.some((e) => e.includes(b))).toBe(true);
    expect(afterSave.config?.slug).toBe(a);
  });
});

describe('SharedValidator cross-tenant rules', () => {
  it('reports a site host used by another tenant', async () => {
    const [a, b] = slugs as [string, string];
    const otherUrl = (JSON.parse(textOf(b)) as { siteUrl: string }).siteUrl;
    const text = JSON.stringify({ ...(JSON.parse(textOf(a)) as object), siteUrl: otherUrl }, null, 2);

    const issues = await validator.validate(a, text);

    expect(issues.some((i) => i.pointer === '/siteUrl' && i.severity === 'error' && i.message.includes(b))).toBe(true);
  });
});

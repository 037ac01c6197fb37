import { describe, expect, test } from 'vitest';
import { TENANT_SCHEMA } from './resolve.ts';

/*
 * Every description in the tenant schema is help text onboarding staff read in the editor (form
 * hints, hovers, completions): plain English, no developer detail. That detail belongs in docs/.
 */

function descriptions(node: unknown, at = ''): { at: string; text: string }[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => descriptions(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const own = typeof (node as { description?: unknown }).description === 'string' ? [{ at, text: (node as { description: string }).description }] : [];
  return [...own, ...Object.entries(node).flatMap(([k, v]) => (k === 'description' ? [] : descriptions(v, `${at}/${k}`)))];
}

const JARGON: [string, RegExp][] = [
  ['a build constant', /__[A-Z][A-Z0-9_<>]*__/],
  ['a file or folder of the repository', /\b(?:tenants|dist|site|server|schema|scripts|build)\/|\.(?:json|tsx?)\b/],
  ['a placeholder in angle brackets', /<[a-z]+>/i],
  ['an API call', /\b(GET|POST|PUT|PATCH|DELETE) \//],
  ['an API path', /\/api\//],
  ['a ticket or issue number', /\b(issue|ticket|session|bug)s? ?#?\d+|#\d+\b/i],
  ['a raw field name', /\b[a-z]+(?:_[a-z0-9]+)+\b/],
];

describe('schema descriptions are written for staff', () => {
  const all = descriptions(TENANT_SCHEMA);

  test('there are descriptions to check', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  test.each(JARGON)('none contains %s', (_what, pattern) => {
    expect(all.filter((d) => pattern.test(d.text)).map((d) => `${d.at}: ${d.text}`)).toEqual([]);
  });
});

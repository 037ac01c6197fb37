import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

/*
 * A page's first Intl call loads ICU's locale data: 35–60 ms on a desktop for a number, 20–30 ms
 * for a collator, four times that on a phone, inside hydration (docs/rendering.md). Numbers and
 * label order go through schema/number-format.ts and domain/text-order.ts instead. Date and time
 * zone formatting still needs Intl (DateTimeFormat, in schema/zoned-time.ts).
 */
const siteSrc = join(import.meta.dirname, '..');
const ALLOWED = new Set<string>();
/** The shared number and money formats the site ships, outside site/src. */
const SHARED = ['../../schema/number-format.ts'];
const FORBIDDEN = /\.toLocaleString\(|\.localeCompare\(|Intl\.(NumberFormat|Collator|PluralRules|RelativeTimeFormat|ListFormat)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test('site code formats numbers and orders labels without Intl', () => {
  const offenders = [...sources(siteSrc), ...SHARED.map((file) => join(siteSrc, file))]
    .map((path) => relative(siteSrc, path).split('\\').join('/'))
    .filter((file) => !ALLOWED.has(file))
    .flatMap((file) =>
      readFileSync(join(siteSrc, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => FORBIDDEN.test(line) && !/^\s*(\*|\/\/)/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
  expect(offenders).toEqual([]);
});

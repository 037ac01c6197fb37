import { parsePointer } from './json-locate.ts';

/**
 * The quick fix of a misspelt setting: the validator says `/a/brandx: is not a known setting (did
 * you mean "brand"?)`; the fix replaces the key `"brandx"` on its line with `"brand"`.
 * @param message the marker's message (`<pointer>: <message>`)
 * @param lineText the text of the line the marker starts on
 * @returns the columns (1-based, end exclusive) of the quoted key and its replacement, or undefined
 */
export function didYouMeanFix(message: string, lineText: string): { startColumn: number; endColumn: number; text: string; title: string } | undefined {
  const m = /^(\/\S*): .*\(did you mean "([^"]+)"\?\)/.exec(message);
  if (!m) return undefined;
  const key = parsePointer(m[1]!).at(-1);
  if (!key) return undefined;
  const quoted = JSON.stringify(key);
  const at = lineText.indexOf(`${quoted}`);
  if (at < 0) return undefined;
  return { startColumn: at + 1, endColumn: at + 1 + quoted.length, text: JSON.stringify(m[2]), title: `Change "${key}" to "${m[2]}"` };
}

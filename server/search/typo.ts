/*
 * Typo tolerance with Algolia's semantics: a typo is one inserted, deleted, substituted or swapped
 * (adjacent transposition) character; a query word may carry 1 typo from `minWordSizefor1Typo`
 * characters (default 4) and 2 from `minWordSizefor2Typos` (default 8). The last query word is
 * also matched as a prefix (prefixLast), with the same allowance on the typed part.
 */

/** How typos are tolerated for one search (Algolia's parameters of the same names). */
export interface TypoSettings {
  /** `true` (all matches, fewest typos first), `false`, `'min'` (only the fewest) or `'strict'` (the two fewest). */
  typoTolerance: boolean | 'min' | 'strict';
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  allowTyposOnNumericTokens: boolean;
}

/** Algolia's defaults. */
export const DEFAULT_TYPO_SETTINGS: TypoSettings = {
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: true,
};

/** Most typos any word may carry (Algolia's cap). */
export const MAX_TYPOS = 2;

/**
 * Typos a folded query word may carry: 0 below `minWordSizefor1Typo` characters, 1 from it,
 * 2 from `minWordSizefor2Typos`; 0 when tolerance is off, and for all-digit words when
 * `allowTyposOnNumericTokens` is false.
 */
export function allowedTypos(word: string, settings: TypoSettings): number {
  if (settings.typoTolerance === false) return 0;
  if (!settings.allowTyposOnNumericTokens && /^\d+$/.test(word)) return 0;
  const length = [...word].length;
  if (length >= settings.minWordSizefor2Typos) return 2;
  if (length >= settings.minWordSizefor1Typo) return 1;
  return 0;
}

// Reused DP rows (words are short; a query word longer than this is not typo-matched).
const MAX_LENGTH = 64;
const rowA = new Int32Array(MAX_LENGTH + 1);
const rowB = new Int32Array(MAX_LENGTH + 1);
const rowC = new Int32Array(MAX_LENGTH + 1);

/**
 * Edit distance with adjacent transpositions (optimal string alignment) between `query` and
 * `token`, or between `query` and the closest prefix of `token` when `prefix` is set. Returns
 * `max + 1` as soon as the distance must exceed `max`. `prefixLength` receives, for prefix
 * matches, how many characters of the token the best alignment covers (for highlighting).
 */
export function typoDistance(query: string, token: string, max: number, prefix = false, out?: { prefixLength: number }): number {
  const m = query.length;
  const n = token.length;
  if (m > MAX_LENGTH || n > MAX_LENGTH) return max + 1;
  if (!prefix && Math.abs(m - n) > max) return max + 1;
  if (prefix && n < m - max) return max + 1;
  // rows: previous-previous (pp), previous (p), current (c); columns over the token.
  let pp = rowA;
  let p = rowB;
  let c = rowC;
  for (let j = 0; j <= n; j += 1) p[j] = j;
  for (let i = 1; i <= m; i += 1) {
    c[0] = i;
    let rowMin = i;
    const qi = query.charCodeAt(i - 1);
    for (let j = 1; j <= n; j += 1) {
      const tj = token.charCodeAt(j - 1);
      const cost = qi === tj ? 0 : 1;
      let best = Math.min((p[j] as number) + 1, (c[j - 1] as number) + 1, (p[j - 1] as number) + cost);
      if (i > 1 && j > 1 && qi === token.charCodeAt(j - 2) && query.charCodeAt(i - 2) === tj) {
        best = Math.min(best, (pp[j - 2] as number) + 1);
      }
      c[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return max + 1;
    const t = pp;
    pp = p;
    p = c;
    c = t;
  }
  if (!prefix) return Math.min(p[n] as number, max + 1);
  let best = max + 1;
  let bestLength = 0;
  for (let j = 0; j <= n; j += 1) {
    const d = p[j] as number;
    // Ties go to the whole word, then to the alignment closest to the typed length.
    if (d < best || (d === best && bestLength !== n && (j === n || Math.abs(j - m) < Math.abs(bestLength - m)))) {
      best = d;
      bestLength = j;
    }
  }
  if (out !== undefined) out.prefixLength = bestLength;
  return best;
}

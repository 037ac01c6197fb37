import { describe, expect, it } from 'vitest';
import { budgetFor, checkBudget, DEFAULT_BUDGET, formatKb } from './budgets.ts';

function size(gzip: number) {
  return { raw: gzip * 3, gzip, brotli: gzip };
}

function totals(initialGzip: number, totalGzip: number, landing = { route: 'site/src/routes/search/$.tsx', jsGzip: initialGzip }) {
  return {
    totals: { js: size(totalGzip), initialJs: size(initialGzip), css: size(0), initialCss: size(0), chunkCount: 1, moduleCount: 1, heaviestLanding: landing },
  };
}

const KB = 1024;

describe('size budgets', () => {
  it('allows a 150 KB shell and any first page up to 198 KB gzip by default (190 KB is the aim, build/budgets.ts)', () => {
    expect(DEFAULT_BUDGET).toEqual({ initialJsGzip: 150 * KB, landingJsGzip: 198 * KB });
    expect(checkBudget(totals(150 * KB, 400 * KB, { route: 'site/src/routes/search/$.tsx', jsGzip: 198 * KB }), budgetFor('any', {}))).toEqual([]);
  });

  it('names each exceeded limit with both figures and the heaviest route', () => {
    const problems = checkBudget(totals(200 * KB, 300 * KB, { route: 'site/src/routes/search/$.tsx', jsGzip: 240 * KB }), {
      initialJsGzip: 190 * KB,
      landingJsGzip: 220 * KB,
      totalJsGzip: 250 * KB,
    });

    expect(problems).toEqual([
      'initial JS 200.0 KB gzip exceeds the 190.0 KB budget',
      'landing on site/src/routes/search/$.tsx loads 240.0 KB of JS gzip, over the 220.0 KB budget',
      'total JS 300.0 KB gzip exceeds the 250.0 KB budget',
    ]);
  });

  it('takes overrides from the environment and rejects nonsense', () => {
    expect(budgetFor('x', { FC_BUDGET_INITIAL_JS_KB: '120', FC_BUDGET_LANDING_JS_KB: '180', FC_BUDGET_TOTAL_JS_KB: '300' })).toEqual({
      initialJsGzip: 120 * KB,
      landingJsGzip: 180 * KB,
      totalJsGzip: 300 * KB,
    });
    expect(() => budgetFor('x', { FC_BUDGET_INITIAL_JS_KB: 'lots' })).toThrow('FC_BUDGET_INITIAL_JS_KB must be a positive number of KB, got "lots"');
  });

  it('formats bytes as KB with one decimal', () => {
    expect(formatKb(166_297)).toBe('162.4 KB');
  });
});

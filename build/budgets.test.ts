import { describe, expect, it } from 'vitest';
import { budgetFor, checkBudget, DEFAULT_BUDGET, formatKb } from './budgets.ts';

function size(gzip: number) {
  return { raw: gzip * 3, gzip, brotli: gzip };
}

function totals(initialGzip: number, totalGzip: number) {
  return { totals: { js: size(totalGzip), initialJs: size(initialGzip), css: size(0), initialCss: size(0), chunkCount: 1, moduleCount: 1 } };
}

describe('size budgets', () => {
  it('allows first-load JS up to 190 KB gzip by default', () => {
    expect(DEFAULT_BUDGET.initialJsGzip).toBe(190 * 1024);
    expect(checkBudget(totals(190 * 1024, 400 * 1024), budgetFor('any', {}))).toEqual([]);
  });

  it('names each exceeded limit with both figures', () => {
    const problems = checkBudget(totals(200 * 1024, 300 * 1024), { initialJsGzip: 190 * 1024, totalJsGzip: 250 * 1024 });

    expect(problems).toEqual([
      'initial JS 200.0 KB gzip exceeds the 190.0 KB budget',
      'total JS 300.0 KB gzip exceeds the 250.0 KB budget',
    ]);
  });

  it('takes overrides from the environment and rejects nonsense', () => {
    expect(budgetFor('x', { FC_BUDGET_INITIAL_JS_KB: '120', FC_BUDGET_TOTAL_JS_KB: '300' })).toEqual({ initialJsGzip: 120 * 1024, totalJsGzip: 300 * 1024 });
    expect(() => budgetFor('x', { FC_BUDGET_INITIAL_JS_KB: 'lots' })).toThrow('FC_BUDGET_INITIAL_JS_KB must be a positive number of KB, got "lots"');
  });

  it('formats bytes as KB with one decimal', () => {
    expect(formatKb(166_297)).toBe('162.4 KB');
  });
});

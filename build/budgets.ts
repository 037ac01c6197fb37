import type { BuildReport } from './plugins/build-report.ts';

/** Size limits a tenant's build must keep, in gzip bytes. */
export interface SizeBudget {
  /** JS the first page load fetches (entry chunk and its static imports). */
  initialJsGzip: number;
  /** Every JS chunk of the tenant together; optional. */
  totalJsGzip?: number;
}

const KB = 1024;

/**
 * Default budget for every tenant: the whole first-load JS within 190 KB gzip (the target for
 * the search page, the heaviest landing page). Override per tenant in `TENANT_BUDGETS` or for
 * one run with `FC_BUDGET_INITIAL_JS_KB` / `FC_BUDGET_TOTAL_JS_KB`.
 */
export const DEFAULT_BUDGET: SizeBudget = { initialJsGzip: 190 * KB };

/** Per-tenant exceptions (slug → budget); keep empty unless a tenant truly needs more. */
export const TENANT_BUDGETS: Record<string, Partial<SizeBudget>> = {};

/** The budget that applies to a tenant, after per-tenant overrides and environment overrides. */
export function budgetFor(slug: string, env: Record<string, string | undefined> = process.env): SizeBudget {
  const budget: SizeBudget = { ...DEFAULT_BUDGET, ...TENANT_BUDGETS[slug] };
  const initial = parseKb(env.FC_BUDGET_INITIAL_JS_KB, 'FC_BUDGET_INITIAL_JS_KB');
  const total = parseKb(env.FC_BUDGET_TOTAL_JS_KB, 'FC_BUDGET_TOTAL_JS_KB');
  if (initial !== undefined) budget.initialJsGzip = initial;
  if (total !== undefined) budget.totalJsGzip = total;
  return budget;
}

function parseKb(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const kb = Number(value);
  if (!Number.isFinite(kb) || kb <= 0) throw new Error(`${name} must be a positive number of KB, got "${value}"`);
  return Math.round(kb * KB);
}

/** One line per exceeded limit, e.g. `initial JS 201.3 KB gzip exceeds the 190.0 KB budget`; empty when within budget. */
export function checkBudget(report: Pick<BuildReport, 'totals'>, budget: SizeBudget): string[] {
  const problems: string[] = [];
  const initial = report.totals.initialJs.gzip;
  if (initial > budget.initialJsGzip) {
    problems.push(`initial JS ${formatKb(initial)} gzip exceeds the ${formatKb(budget.initialJsGzip)} budget`);
  }
  const total = report.totals.js.gzip;
  if (budget.totalJsGzip !== undefined && total > budget.totalJsGzip) {
    problems.push(`total JS ${formatKb(total)} gzip exceeds the ${formatKb(budget.totalJsGzip)} budget`);
  }
  return problems;
}

/** Bytes as KB with one decimal (`94.6 KB`). */
export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

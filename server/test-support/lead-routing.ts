import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The unit-test tenants (server/test-fixtures/tenants) with lead routes, written to a new
 * directory: alpha-motors sends sales leads by email and to a webhook, and service leads to its
 * service desk; beta-caravans sends every lead to its own webhook and gives up after three tries.
 */

const FIXTURES = path.join(import.meta.dirname, '..', 'test-fixtures', 'tenants');

/** Where the test tenants send their leads. */
export interface TestRouting {
  alphaWebhook: string;
  betaWebhook: string;
  /** Environment variable names of the two webhooks' secrets. */
  alphaSecretEnv?: string;
  betaSecretEnv?: string;
}

/** The addresses the routes name. */
export const ROUTED = {
  alphaSales: ['sales@alphatoyota.example.com.au', 'crm@alphatoyota.example.com.au'],
  alphaService: ['service@alphatoyota.example.com.au'],
  betaSales: ['hello@betacaravans.example.com.au'],
  betaMaxAttempts: 3,
} as const;

/**
 * Writes the routed test tenants to a new temporary directory and answers it.
 * @param routing the webhook URLs (local receivers of the test)
 */
export function routedTenantsDir(routing: TestRouting): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-lead-tenants-'));
  const alpha = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'alpha-motors.json'), 'utf8')) as Record<string, unknown>;
  alpha.leadDelivery = {
    routes: [
      { dealership: 'alpha-toyota', departments: ['sales', 'finance'], email: [...ROUTED.alphaSales], webhook: { url: routing.alphaWebhook, secretEnv: routing.alphaSecretEnv ?? 'ALPHA_CRM_WEBHOOK_SECRET' } },
      { dealership: 'alpha-toyota', departments: ['service', 'parts'], email: [...ROUTED.alphaService], emailFormat: 'summary' },
    ],
  };
  const beta = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'beta-caravans.json'), 'utf8')) as Record<string, unknown>;
  beta.leadDelivery = {
    maxAttempts: ROUTED.betaMaxAttempts,
    routes: [{ email: [...ROUTED.betaSales], webhook: { url: routing.betaWebhook, secretEnv: routing.betaSecretEnv ?? 'BETA_CRM_WEBHOOK_SECRET' } }],
  };
  fs.writeFileSync(path.join(dir, 'alpha-motors.json'), JSON.stringify(alpha, null, 2));
  fs.writeFileSync(path.join(dir, 'beta-caravans.json'), JSON.stringify(beta, null, 2));
  return dir;
}

/** Timers a test moves forward by hand: nothing fires until advance() passes its time. */
export function manualTimers() {
  let at = 0;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn: () => void, ms: number): unknown {
      due.set(++next, { at: at + ms, fn });
      return next;
    },
    clearTimeout(handle: unknown): void {
      due.delete(handle as number);
    },
    /** Moves time on by ms and runs what came due. */
    advance(ms: number): void {
      at += ms;
      for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > at) continue;
        due.delete(id);
        t.fn();
      }
    },
    pending: () => due.size,
  };
}

import http from 'node:http';
import { sql } from 'kysely';
import { formatMoney } from '../schema/number-format.ts';
import { orderReference } from '../site/src/domain/online-purchase.ts';
import { tenantThemeCss } from '../site/src/domain/theme.ts';
import type { AppDeps, Surface, TenantRequest } from './app/deps.ts';
import { sendHtml } from './app/respond.ts';
import { html, styleSheet, type Html } from './dealer-inbox/html.ts';
import { HttpError, readBody } from './http/core.ts';
import { assertSameOrigin } from './http/input-guard.ts';
import { DEMO_PROVIDER, demoProviderFor, isDemoIntentId, orderPaymentProvider } from './payments.ts';
import type { HostedTenant } from './tenants.ts';

/*
 * The demo payment provider's hosted payment page, on the tenant's own host at
 * /payments/demo/<intent id>: where a real provider's checkout page would be. It says plainly
 * that it is a demo and that no money moves, shows what is being paid, and on "Confirm" plays
 * the provider's part: it sends the platform's payment webhook (signed, over HTTP, exactly as a
 * provider would) and sends the shopper back to the site, where the order reads as paid. Only for
 * tenants whose payment provider is the demo one and that are not launched; elsewhere these
 * addresses are 404.
 */

const PREFIX = '/payments/demo/';

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;line-height:1.5;background:var(--color-surface-alt);color:var(--color-text)}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius)}
h1{font-size:1.5rem;margin:0 0 .5rem}
.demo{border-left:4px solid var(--color-primary);padding:.5rem .75rem;background:var(--color-surface-alt)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.5rem 1rem;border-radius:var(--radius);border:2px solid var(--color-primary);background:var(--color-primary);color:var(--color-on-primary);font:inherit;font-weight:600;cursor:pointer}
a{color:var(--color-link)}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1rem}`;

function page(tenant: HostedTenant, title: string, content: Html): string {
  return `<!doctype html>${html`<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${title} · ${tenant.config.name}</title><style>${styleSheet(`:root{${tenantThemeCss(tenant.config.theme)}}${STYLE}`)}</style></head><body><main id="main">${content}</main></body></html>`}`;
}

/** The order a demo intent belongs to, on this site. */
async function orderOf(deps: AppDeps, siteId: number, intentId: string) {
  return deps.db.selectFrom('orders').selectAll().where('site_id', '=', siteId).where(sql<string>`payment->>'id'`, '=', intentId).executeTakeFirst();
}

/** Posts a signed webhook to this server as the tenant's host; answers its status and error text. */
function postWebhook(port: number, host: string, webhook: { body: string; headers: Record<string, string> }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/payments/webhook', method: 'POST', agent: false, timeout: 15_000, headers: { ...webhook.headers, host, 'content-length': String(Buffer.byteLength(webhook.body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('the platform did not answer the payment webhook in time')));
    req.on('error', reject);
    req.end(webhook.body);
  });
}

async function handle(deps: AppDeps, request: TenantRequest): Promise<void> {
  const { req, res, tenant, siteId, pathname } = request;
  const id = pathname.slice(PREFIX.length);
  const notFound = () => sendHtml(req, res, 404, page(tenant, 'Payment not found', html`<h1>Payment not found</h1><p>There is no payment at this address. <a href="/">Back to ${tenant.config.name}</a></p>`));
  if (orderPaymentProvider(tenant).name !== DEMO_PROVIDER || !isDemoIntentId(id)) return notFound();
  const order = await orderOf(deps, siteId, id);
  if (!order) return notFound();
  const back = `/checkout-journey?car_id=${order.car_id}`;
  const reference = orderReference(order.id);
  const amount = formatMoney(order.deposit, { cents: 'always' });
  if (req.method === 'POST') {
    assertSameOrigin(req, [`http://${req.headers.host ?? ''}`.toLowerCase(), `https://${req.headers.host ?? ''}`.toLowerCase()]);
    await readBody(req, 1024);
    if (order.status !== 'deposit_paid') {
      // The provider's part: tell the platform the payment succeeded, signed, as a provider does.
      const webhook = demoProviderFor(tenant.slug).signedWebhook({ intentId: id, amountCents: Math.round(order.deposit * 100) }, new Date());
      const answer = await postWebhook(deps.port(), req.headers.host ?? '', webhook).catch((error: Error) => ({ status: 0, text: error.message }));
      if (answer.status !== 200) {
        return sendHtml(req, res, 502, page(tenant, 'Payment not confirmed', html`<h1>Payment not confirmed</h1><p role="alert">The website did not accept the payment (${answer.status ? `code ${answer.status}` : answer.text}). Nothing was paid. Please try again.</p><p><a href="${`${PREFIX}${id}`}">Back to the payment</a></p>`));
      }
    }
    res.writeHead(303, { Location: back, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, `${req.method} is not allowed here`);
  const paid = order.status === 'deposit_paid';
  sendHtml(
    req,
    res,
    200,
    page(
      tenant,
      'Demo payment',
      html`<h1>Demo payment — no money moves</h1>
<p class="demo">This is a demonstration payment page. It asks for no card and takes no money. On a live website your payment provider’s own page takes the deposit here.</p>
<dl><dt>Pay</dt><dd>${tenant.config.name}</dd><dt>Amount</dt><dd>${amount}</dd><dt>Order</dt><dd>${reference}</dd><dt>For</dt><dd>Deposit for order ${reference}</dd></dl>
${paid
  ? html`<p role="status">This deposit is paid.</p><p><a href="${back}">Back to your order</a></p>`
  : html`<form method="post" action="${`${PREFIX}${id}`}" class="actions"><button class="button" type="submit">Confirm demo payment of ${amount}</button><a href="${back}">Cancel and go back</a></form>`}`,
    ),
  );
}

/**
 * The demo provider's hosted payment page.
 * @param deps database and the server's port
 */
export function demoPaymentSurface(deps: AppDeps): Surface {
  return {
    claims: (pathname) => pathname.startsWith(PREFIX),
    handle: async (request) => {
      try {
        await handle(deps, request);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        sendHtml(request.req, request.res, error.status, page(request.tenant, 'Payment', html`<h1>Payment</h1><p role="alert">${error.message}</p>`));
      }
    },
  };
}

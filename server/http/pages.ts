import type { HostedTenant } from '../tenants.ts';

/*
 * The two HTML pages the server writes itself: the tenant index on the bare localhost origin
 * and the 404 for hosts that are not a tenant.
 */

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f5f6f8;color:#1b1f24}
main{max-width:760px;margin:48px auto;padding:0 20px}h1{font-size:28px;margin:0 0 8px}
ul{list-style:none;padding:0}li{background:#fff;border:1px solid #dde1e6;border-radius:10px;margin:10px 0;padding:14px 18px}
a{color:#0b57d0;font-weight:600;text-decoration:none}a:hover{text-decoration:underline}small{color:#5b6470}code{background:#e9ecf0;padding:1px 5px;border-radius:4px}
</style></head><body><main>${body}</main></body></html>`;

/**
 * The tenant index page at http://localhost:PORT/.
 * @param tenants hosted tenants
 * @param port the port the server listens on
 * @param built slugs that have a built bundle in dist/
 * @param localMailbox whether the local mailbox and webhook receiver pages are on (no SMTP relay)
 */
export function tenantIndexPage(tenants: readonly HostedTenant[], port: number, built: ReadonlySet<string>, localMailbox = false): string {
  const items = tenants
    .map((t) => {
      const url = `http://${t.slug}.localhost:${port}/`;
      return `<li><a href="${url}">${esc(t.config.name)}</a> <small>${esc(t.config.template)}${built.has(t.slug) ? '' : ' · not built yet'}</small><br><small><code>${esc(url)}</code> · production host ${esc(t.hosts[1] ?? '—')} · <a href="${url}api/openapi.json">API</a> · <a href="${url}dealer">leads inbox</a></small></li>`;
    })
    .join('');
  return shell('Forecourt — dealer sites', `<h1>Forecourt dealer sites</h1><p>${tenants.length} sites served on this machine. Each site has its own host, platform API under <code>/api/</code> and stock search under <code>/1/</code>.</p>${localMailbox ? '<p>Leads sent on these sites arrive in the <a href="/mailbox">local mailbox</a> (emails) and the <a href="/webhooks">local webhook receiver</a> (CRM webhooks): nothing leaves this computer.</p>' : ''}<p>Dealer staff read and manage their leads in each site's leads inbox (<code>/dealer</code>); <code>npm run dealer-account -- &lt;slug&gt; --email &lt;address&gt;</code> makes them an account.</p><ul>${items}</ul>`);
}

/**
 * The 404 page for a host that is not one of the tenants.
 * @param host the Host header received
 * @param tenants hosted tenants
 * @param port the server port
 */
export function unknownHostPage(host: string, tenants: readonly HostedTenant[], port: number): string {
  // The list of sites is only for a developer's own machine (empty `tenants` elsewhere): a
  // public server names no tenant to a host it does not know.
  const list = tenants.map((t) => `<li><a href="http://${t.slug}.localhost:${port}/">${esc(t.slug)}.localhost</a></li>`).join('');
  return shell('Unknown site', `<h1>Unknown site</h1><p>No dealer site is configured for the host <code>${esc(host || '(none)')}</code>.</p>${list ? `<p>Sites on this server:</p><ul>${list}</ul>` : ''}`);
}

/**
 * The page shown when a tenant exists but its bundle has not been built.
 * @param tenant the tenant
 */
export function notBuiltPage(tenant: HostedTenant): string {
  return shell(`${tenant.config.name} — not built`, `<h1>${esc(tenant.config.name)} is not built yet</h1><p>Run <code>npm run build -- --tenant ${esc(tenant.slug)}</code> (or <code>npm start</code>, which builds stale tenants) and reload. The platform API is already live at <a href="/api/openapi.json">/api/openapi.json</a>.</p>`);
}

/**
 * The 500 page of a tenant: its name, an apology and a way on — never a stack trace (the
 * error is in the server log).
 * @param tenant the hosted tenant
 */
export function serverErrorPage(tenant: HostedTenant): string {
  return shell(
    `Something went wrong | ${tenant.config.name}`,
    `<h1>Sorry, something went wrong</h1><p>${esc(tenant.config.name)} could not show this page just now. Please try again in a moment.</p><p><a href="/">Go to the home page</a></p>`,
  ).replace('<html lang="en">', '<html lang="en-AU">');
}

/**
 * The page a site answers while its tenant file is invalid (503): plain words for a shopper, no
 * file names, pointers or stack traces (those go to the server log).
 * @param slug the site's slug
 */
export function maintenancePage(slug: string): string {
  return shell('Site under maintenance', `<h1>This site is being updated</h1><p>We are making some changes to <code>${esc(slug)}</code> and will be back in a few minutes. Please try again shortly.</p><p>Nothing you have sent us is lost.</p>`);
}

/** What the busy page needs besides its tenant. */
export interface BusyPageOptions {
  /** The Retry-After it is sent with, seconds: when the page tries again. */
  retryAfterSeconds: number;
  /** The page that was asked for (path and query), to try again. */
  again: string;
  /** The response's script nonce (its CSP allows only that inline script). */
  nonce: string;
  /** Whether the page tries again by itself after the Retry-After (with JavaScript). */
  retryBySelf: boolean;
}

/*
 * Tries the page again after the Retry-After, and says so in the status line (announced by
 * screen readers) with a button that stops it: a page reloading by itself must be one the
 * shopper can turn off (WCAG 2.2.1), which a meta refresh is not (axe fails any delayed one).
 * Without JavaScript the page keeps its plain words and its Try again link.
 */
const BUSY_RETRY_SCRIPT = `(function () {
  var status = document.getElementById('busy-retry');
  if (!status) return;
  var seconds = Number(status.getAttribute('data-seconds'));
  var timer = setTimeout(function () { location.reload(); }, seconds * 1000);
  status.textContent = 'This page will try again by itself in ' + seconds + (seconds === 1 ? ' second.' : ' seconds.');
  var stop = document.createElement('button');
  stop.type = 'button';
  stop.textContent = 'Stop trying again';
  stop.addEventListener('click', function () {
    clearTimeout(timer);
    status.textContent = 'This page will not try again by itself. Use Try again when you are ready.';
    stop.remove();
  });
  status.after(stop);
})();`;

/**
 * The page a site answers (503 with Retry-After) when more pages are asked for than it can draw
 * in time: plain words, a way to try again and a way back; when asked to, with JavaScript, it
 * tries again by itself after the Retry-After, and says so.
 * @param tenant the hosted tenant
 * @param options the Retry-After, the page asked for, the script nonce
 */
export function busyPage(tenant: HostedTenant, options: BusyPageOptions): string {
  const seconds = Math.max(1, Math.round(options.retryAfterSeconds));
  return shell(
    `Busy for a moment | ${tenant.config.name}`,
    `<h1>We are busy for a moment</h1><p>${esc(tenant.config.name)} has a lot of visitors right now.</p><p id="busy-retry" role="status" data-seconds="${seconds}">Please try again in ${seconds === 1 ? 'a second' : `${seconds} seconds`}.</p><p><a href="${esc(options.again)}">Try again</a> · <a href="/">Go to the home page</a></p>${options.retryBySelf ? `<script nonce="${esc(options.nonce)}">${BUSY_RETRY_SCRIPT}</script>` : ''}`,
  ).replace('<html lang="en">', '<html lang="en-AU">');
}

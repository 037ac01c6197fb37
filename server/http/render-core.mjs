// Rendering one page with a tenant's server entry, as a render thread runs it (server/http/
// render-worker.mjs) and as tests call it in their own thread: import the entry (a stand-in's
// switches registered first), hand it the request and the render services, and read its whole
// answer. Plain JavaScript with only Node's own modules, so a worker thread starts it under any
// runner. Types: render-core.d.mts.
import http from 'node:http';
import zlib from 'node:zlib';
import { deflateParts } from './gzip-splice.mjs';

/** The registry a stand-in entry reads its switches from (build/plugins/feature-flags.ts `runtimeSsrBanner`). */
export const STAND_IN_REGISTRY = '__FC_TENANT_FEATURES__';

/**
 * Imports a server entry the loader located (server/http/ssr.ts `createEntryLoader`). A stand-in
 * entry reads its switches from the registry when it is evaluated, so they are registered first.
 * @param {import('./render-core.d.mts').EntrySpec} spec
 */
export async function importEntry(spec) {
  if (spec.features) {
    const registry = (globalThis[STAND_IN_REGISTRY] ??= {});
    registry[spec.features.key] = spec.features.switches;
  }
  return import(spec.url);
}

/** Answers a same-origin API call of a render over loopback, with the shopper's cookies. */
function loopbackFetch(port, host, cookie, testNow) {
  return (apiPath, init) =>
    new Promise((resolve, reject) => {
      const headers = { host, accept: 'application/json' };
      if (cookie) headers.cookie = cookie;
      // A page rendered at a browser test's time asks the API at that time too.
      if (testNow !== undefined) headers['x-forecourt-test-now'] = new Date(testNow).toISOString();
      for (const [name, value] of new Headers(init?.headers).entries()) headers[name] = value;
      const body = typeof init?.body === 'string' ? init.body : undefined;
      // A fresh loopback connection per call (agent: false): a kept-alive socket can be closed by
      // the server's own 5 s keep-alive timeout just as a render reuses it ("socket hang up").
      const request = http.request({ host: '127.0.0.1', port, path: apiPath, method: init?.method ?? 'GET', headers, agent: false }, (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          responseHeaders.delete('content-encoding');
          resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 500, headers: responseHeaders }));
        });
        answer.on('error', reject);
      });
      request.on('error', reject);
      request.setTimeout(10_000, () => request.destroy(new Error(`loopback ${apiPath} timed out`)));
      request.end(body);
    });
}

/**
 * Renders one page request with a loaded entry and reads the whole answer: its status, its own
 * headers, a redirect's location, and the HTML (with the body compressed as the shopper accepts,
 * so the thread that writes it out only copies bytes).
 * @param {import('./render-core.d.mts').ServerEntryModule} entry
 * @param {import('./render-core.d.mts').RenderInput} input
 * @param {(request: import('./render-core.d.mts').SearchRequest) => Promise<{ content: string; status: number }>} search
 * @param {AbortSignal} [signal] aborted when the shopper went away
 * @returns {Promise<import('./render-core.d.mts').RenderedAnswer>}
 */
export async function renderAnswer(entry, input, search, signal) {
  const request = new Request(`${input.protocol}://${input.host}${input.path}`, { method: 'GET', headers: input.headers, ...(signal ? { signal } : {}) });
  const services = {
    fetch: loopbackFetch(input.port, input.host, input.cookie, input.testNow),
    origin: { host: input.host, protocol: `${input.protocol}:` },
    // algoliasearch's requester: the search engine answers in the server's own process.
    searchRequester: {
      async send(r) {
        const data = typeof r.data === 'string' ? r.data : r.data ? Buffer.from(r.data).toString('utf8') : undefined;
        const answer = await search({ url: r.url, method: r.method, ...(data === undefined ? {} : { data }) });
        return { content: answer.content, status: answer.status, isTimedOut: false };
      },
    },
    cookie: () => input.cookie,
    now: () => input.requestTime,
  };
  const response = await entry.render({ request, services, manifest: input.manifest, nonce: input.nonce, tenant: input.tenant });
  const headers = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    const location = response.headers.get('location') ?? response.options?.href ?? null;
    return { status: response.status, headers, location, html: null, body: null, deflated: null };
  }
  const html = await response.text();
  const raw = Buffer.from(html);
  const body =
    input.encoding === null
      ? null
      : input.encoding === 'br'
      ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : zlib.gzipSync(raw, { level: 6 });
  // A page the cache may keep is deflated here in parts, so its later answers cost no compression.
  const deflated = input.keepable && response.status === 200 ? deflateParts(html.split(input.nonce)) : null;
  return { status: response.status, headers, location: null, html, body, deflated };
}

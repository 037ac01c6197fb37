import { StrictMode } from 'react';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { AppProviders } from './lib/app-providers.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { routeTree } from './routeTree.gen.ts';
import { tenantPageIds } from './lib/route-exists.ts';
import { rendersGone } from './lib/gone.ts';
import { rendersUnavailable, watchPlatformFailures } from './api/unavailable.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../schema/api/unavailable.ts';
import { withEarlyHeadScript } from './lib/early-head-script.ts';
import { withBodyEndBlock } from './app/tenant-document.ts';
import { inlinedStylesheetMarkers, inlinedStylesheets } from './lib/inlined-css.ts';
import { tenantDataBlock } from '../../schema/tenant-data-block.ts';
import { HOLD_INPUT_SCRIPT } from './lib/hydration-replay.ts';
import { cookieChoiceScript } from './lib/consent-settings.ts';
import { deviceKey } from './lib/device-store.ts';
import { hasAnalyticsTags } from './domain/consent.ts';
import type { SiteServices } from './lib/services.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

/*
 * The server entry of a bundle (same flags as its browser half, so a switched-off feature is
 * absent here too). A bundle is shared by every tenant with the same feature switches: the
 * platform hands in the tenant with each request, and the page carries it to the browser (app/
 * tenant-document.ts). A fresh router and QueryClient per request keep shoppers' data apart.
 */

/** The router's server manifest: the assets per route, and the CSS it may write into the head. */
type ServerManifest = Awaited<ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>>;

/** What the platform hands in for one request. */
export interface RenderRequest {
  /** The page request (URL with the tenant's host, the shopper's headers). */
  request: Request;
  services: SiteServices;
  /** Asset manifest of the browser build, with the CSS the page writes into its head (build/plugins/router-manifest.ts). */
  manifest: ServerManifest;
  /** CSP nonce for the inline scripts of this response. */
  nonce?: string;
  /** The tenant the page belongs to (its feature switches are the ones this bundle was built with). */
  tenant: ResolvedTenant;
}

/**
 * Renders one page: route loaders run (filling the Query cache, which is dehydrated into the
 * page with the route data), then the document streams. A redirect comes back as a 3xx
 * response, an unknown path or record as the not-found page with status 404, a record gone for
 * good (a car sold beyond the sold window) as its gone page with status 410, and a page whose
 * data the platform could not serve just now as its error page with status 503 and Retry-After.
 */
export async function render({ request, services: given, manifest, nonce, tenant: tenantConfig }: RenderRequest): Promise<Response> {
  const queryClient = createQueryClient();
  const platform = watchPlatformFailures(given.fetch);
  const services = { ...given, fetch: platform.fetch };
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient, tenant: tenantConfig, services }, nonce ? { nonce } : {}),
    getRouterManifest: () => Promise.resolve(manifest),
  });
  let gone = false;
  let unavailable = false;
  let inlined: string[] = [];
  const response = await handler(({ request: req, responseHeaders, router }) => {
    gone = rendersGone(router.state.matches);
    unavailable = rendersUnavailable(router.state.matches);
    inlined = inlinedStylesheets(manifest, router.state.matches.map((match) => match.routeId));
    return renderRouterToStream({
      request: req,
      responseHeaders,
      router,
      children: (
        <StrictMode>
          <AppProviders tenant={tenantConfig} queryClient={queryClient}>
            <RouterServer router={router} />
          </AppProviders>
        </StrictMode>
      ),
    });
  });
  // The input-holding script runs before any content, and before the stylesheets so it does not
  // hold up the parsing of the page (lib/early-head-script.ts). The browser bundle leaves its
  // source out; React skips head scripts it did not render when it hydrates.
  // On a site with analytics tags it also hides the cookie banner before the first paint when the
  // device holds a choice (components/consent).
  const early = [
    // A bundle that reads its switches at run time (the platform's stand-in while a tenant's own
    // bundle builds: docs/build.md) learns them before any of its modules runs.
    ...(__FC_RUNTIME_FEATURES__ ? [`globalThis.__FC_FEATURES__ = ${JSON.stringify(tenantConfig.features).replace(/</g, '\\u003c')};`] : []),
    HOLD_INPUT_SCRIPT,
    ...(hasAnalyticsTags(tenantConfig.analytics) ? [cookieChoiceScript(deviceKey(tenantConfig.slug, 'cookie-consent'))] : []),
  ].join('\n');
  const html = response.body && response.headers.get('content-type')?.startsWith('text/html');
  const body = html && response.body ? withBodyEndBlock(withEarlyHeadScript(response.body, early, nonce), `${inlinedStylesheetMarkers(inlined)}${tenantDataBlock(tenantConfig)}`) : response.body;
  // The router knows 404 only: a record gone for good (lib/gone.ts) is the same page with 410.
  // Its errors are 500s: one the platform answered 503 (api/unavailable.ts) stays a 503, to try again.
  if (unavailable && response.status >= 500) {
    response.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    response.headers.set('Cache-Control', 'no-store');
    return new Response(body, { status: 503, statusText: 'Service Unavailable', headers: response.headers });
  }
  // A page missing a part whose call failed on the platform's side is not kept by any cache.
  if (platform.failed()) response.headers.set('Cache-Control', 'no-store');
  const status = gone && response.status === 404 ? { status: 410, statusText: 'Gone' } : { status: response.status, statusText: response.statusText };
  return new Response(body, { ...status, headers: response.headers });
}

/**
 * Which pages of this bundle the tenant has, by route id (`/compare`: false where the tenant
 * switched compare off): the route tree's own test, read by the build for the tenant's report.
 */
export function tenantPages(tenant: ResolvedTenant): Record<string, boolean> {
  return tenantPageIds(routeTree, tenant);
}

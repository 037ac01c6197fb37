import type { IncomingMessage, ServerResponse } from 'node:http';
import { arrivedOverHttps, clientAddress } from './http/client-address.ts';
import { createFrontDoor } from './http/front-door.ts';
import { apiSurface, dealerInboxSurface } from './app/api.ts';
import type { AppDeps, Surface } from './app/deps.ts';
import { answerLocalOrigin, readTarget, resolveTenant } from './app/hosts.ts';
import { imageSurface } from './app/images.ts';
import { demoPaymentSurface } from './payment-page.ts';
import { tenantAssetSurface } from './tenant-assets.ts';
import { createLimits } from './app/limits.ts';
import { pageSurface } from './app/pages.ts';
import { answerGroupSiteLink } from './app/group-site-links.ts';
import { markHttps, sendDatabaseUnavailable, sendJson } from './app/respond.ts';
import { isStorageFailure } from './db/storage-errors.ts';
import { siteWritten } from './http/page-cache.ts';
import { searchSurface } from './app/search.ts';

export { API_ROUTES } from './app/api.ts';
export type { AppDeps } from './app/deps.ts';

/*
 * The request pipeline: note whether the request arrived over HTTPS, check its target, route by
 * Host (this machine's index, a hosted tenant, maintenance, unknown), then hand a tenant's
 * request to the first surface that claims its path. Each surface lives in server/app/.
 */

/**
 * Creates the node:http request listener.
 * @param deps database, tenants, search engine and settings
 */
export function createApp(deps: AppDeps): ((req: IncomingMessage, res: ServerResponse) => Promise<void>) & { close(): Promise<void> } {
  const limits = createLimits(deps);
  const door = deps.frontDoor === false ? null : createFrontDoor(deps.frontDoor);
  const pages = pageSurface(deps);
  // In match order; the page surface claims whatever is left.
  const surfaces: Surface[] = [
    searchSurface(deps, limits),
    imageSurface(deps),
    tenantAssetSurface(deps),
    apiSurface(deps, limits),
    dealerInboxSurface(deps, limits),
    demoPaymentSurface(deps),
    pages,
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (arrivedOverHttps((req.socket as { encrypted?: boolean }).encrypted === true, req.socket.remoteAddress, req.headers['x-forwarded-proto'], deps.trustedProxies)) markHttps(req);
    const target = readTarget(req, res);
    if (!target) return;
    if (answerLocalOrigin(deps, req, res, target.host, target.pathname)) return;
    const request = resolveTenant(deps, req, res, target.host, target.pathname, target.url);
    if (!request) return;
    if (answerGroupSiteLink(request)) return;
    const surface = surfaces.find((s) => s.claims(request.pathname, req.method));
    await surface?.handle(request);
    if (req.method !== 'GET' && req.method !== 'HEAD' && request.pathname.startsWith('/api/')) siteWritten(request.tenant.slug);
  };

  // Resolves when the request has been handled (the server waits for these before it closes).
  const listener = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A client that kept asking after being told to wait is answered at the door, before routing.
    const address = door ? clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trustedProxies) : '';
    if (door && (await door.turnAway(address, req, res))) return;
    try {
      await handle(req, res);
    } catch (error) {
      // A surface that needed the database while it could not serve (a sitemap, a photo): 503, to try again.
      if (isStorageFailure(error) && !res.headersSent) sendDatabaseUnavailable(req, res, error);
      else {
        console.error('[server] request failed:', error);
        if (!res.headersSent) sendJson(req, res, 500, { error: 'Internal server error' });
        else res.destroy();
      }
    }
    door?.answered(address, res.statusCode);
  };
  // Closing answers the requests held at the door and ends the render threads.
  return Object.assign(listener, {
    close: () => {
      door?.close();
      return pages.close();
    },
  });
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TENANT_ASSET_PREFIX, tenantAssetAnswer } from '../schema/tenant-assets.ts';
import type { AppDeps, Surface } from './app/deps.ts';

/*
 * Serves the images staff uploaded for a tenant (its logo) from `<tenants folder>/assets/<slug>/`:
 * only the host's own tenant's files, only image names the editor writes (schema/tenant-assets.ts),
 * never anything else in the folder.
 */

/**
 * Answers a `/tenants/assets/…` request of a tenant's host: the image, or 404.
 * @param req the request (GET or HEAD)
 * @param res the response
 * @param slug the host's tenant
 * @param assetsDir the tenants folder's `assets` folder
 * @param pathname the request path
 */
export async function serveTenantAsset(req: IncomingMessage, res: ServerResponse, slug: string, assetsDir: string | undefined, pathname: string): Promise<void> {
  const answer = await tenantAssetAnswer(pathname, req.method, slug, async (tenant, file) => (assetsDir ? readFile(path.join(assetsDir, tenant, file)).catch(() => undefined) : undefined));
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** The /tenants/assets/* surface: a tenant's uploaded images, from the tenants folder's `assets`. */
export function tenantAssetSurface(deps: Pick<AppDeps, 'assetsDir'>): Surface {
  return {
    claims: (pathname) => pathname.startsWith(TENANT_ASSET_PREFIX),
    handle: ({ req, res, tenant, pathname }) => serveTenantAsset(req, res, tenant.slug, deps.assetsDir, pathname),
  };
}

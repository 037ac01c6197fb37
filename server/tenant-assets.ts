import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseTenantAssetPath, TENANT_ASSET_HEADERS, TENANT_ASSET_PREFIX } from '../schema/tenant-assets.ts';
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
  const asset = parseTenantAssetPath(pathname);
  const notFound = () => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    res.end(`Not found: ${pathname}`);
  };
  if (!asset || asset.slug !== slug || !assetsDir) return notFound();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`${req.method} is not allowed here`);
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(path.join(assetsDir, asset.slug, asset.file));
  } catch {
    return notFound();
  }
  res.writeHead(200, { ...TENANT_ASSET_HEADERS, 'Content-Type': asset.contentType, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The /tenants/assets/* surface: a tenant's uploaded images, from the tenants folder's `assets`. */
export function tenantAssetSurface(deps: Pick<AppDeps, 'assetsDir'>): Surface {
  return {
    claims: (pathname) => pathname.startsWith(TENANT_ASSET_PREFIX),
    handle: ({ req, res, tenant, pathname }) => serveTenantAsset(req, res, tenant.slug, deps.assetsDir, pathname),
  };
}

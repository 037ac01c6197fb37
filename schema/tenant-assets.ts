/*
 * Images staff upload for a tenant (its logo) are stored with the tenant, in
 * `tenants/assets/<slug>/`, under a name carrying a hash of their bytes, and the tenant file names
 * them as `/tenants/assets/<slug>/<name>`. The same path serves them on the site and in the
 * editor's preview; the rules for that path live here so both check it alike.
 */

/** Where a tenant's uploaded images are addressed (and stored, under the tenants folder). */
export const TENANT_ASSET_PREFIX = '/tenants/assets/';

/** Image types an upload may be, by the file extension stored. */
export const TENANT_ASSET_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' } as const;
export type TenantAssetExtension = keyof typeof TENANT_ASSET_TYPES;

/** Largest upload: a logo is shown small on every page, and every page downloads it. */
export const MAX_TENANT_ASSET_BYTES = 200 * 1024;

/** An uploaded image's address, taken apart. */
export interface TenantAssetPath {
  slug: string;
  /** File name inside the tenant's asset folder. */
  file: string;
  contentType: string;
}

const ASSET_PATH = /^\/tenants\/assets\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z0-9]+(?:-[a-z0-9]+)*\.(png|jpg|webp|svg))$/;

/**
 * The tenant and file an address names, or undefined when it is not an uploaded image's address
 * (any other shape, folder or extension: nothing outside the tenant's asset folder can be named).
 * @param pathname a URL path, e.g. `/tenants/assets/range-road-kia/logo-3f2a9c1d07.png`
 */
export function parseTenantAssetPath(pathname: string): TenantAssetPath | undefined {
  const m = ASSET_PATH.exec(pathname);
  if (!m) return undefined;
  return { slug: m[1]!, file: m[2]!, contentType: TENANT_ASSET_TYPES[m[3] as TenantAssetExtension] };
}

/**
 * The address of an uploaded image.
 * @param slug the tenant
 * @param file the stored file name
 */
export function tenantAssetPath(slug: string, file: string): string {
  return `${TENANT_ASSET_PREFIX}${slug}/${file}`;
}

/**
 * Response headers of an uploaded image: kept a year (its name changes with its bytes), never
 * sniffed as another type, and an SVG opened on its own runs nothing (sandboxed, no scripts).
 */
export const TENANT_ASSET_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** What to answer for an uploaded image's address. */
export interface TenantAssetAnswer {
  status: 200 | 404 | 405;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/**
 * The answer to a request for an uploaded image, whoever serves it (the platform, the editor's
 * preview): the host's own tenant's file by a name the editor writes, or 404; GET and HEAD only.
 * @param pathname the request path
 * @param method the request method
 * @param slug the tenant the request is for
 * @param read reads a file of a tenant's asset folder (undefined when missing)
 */
export async function tenantAssetAnswer(pathname: string, method: string | undefined, slug: string, read: (slug: string, file: string) => Promise<Uint8Array | undefined>): Promise<TenantAssetAnswer> {
  const notFound: TenantAssetAnswer = { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }, body: `Not found: ${pathname}` };
  const asset = parseTenantAssetPath(pathname);
  if (!asset || asset.slug !== slug) return notFound;
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, body: `${method} is not allowed here` };
  const bytes = await read(asset.slug, asset.file);
  if (!bytes) return notFound;
  return { status: 200, headers: { ...TENANT_ASSET_HEADERS, 'Content-Type': asset.contentType, 'Content-Length': String(bytes.length) }, body: method === 'HEAD' ? '' : bytes };
}

import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { derefSchema, TENANT_SCHEMA, type SchemaNode } from '../../schema/resolve.ts';
import { MAX_TENANT_ASSET_BYTES, parseTenantAssetPath, TENANT_ASSET_TYPES, tenantAssetPath, type TenantAssetExtension } from '../../schema/tenant-assets.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { assertSlug, WorkspaceError } from './workspace.ts';

/*
 * A logo staff upload: checked (an image of an accepted type, not too heavy, of a size the site
 * can show), stored with the tenant in `tenants/assets/<slug>/` under a name made from its bytes
 * (so a new logo is a new address and nothing caches the old one), and described as the tenant
 * file's `theme.logo` needs it: address, width and height.
 */

/** sharp's format names of the accepted types → the extension stored. */
const FORMATS: Record<string, TenantAssetExtension> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg' };

/** The smallest logo the header can show sharply (px, either side). */
const MIN_SIDE = 16;

/** The logo's width and height limits, as the schema states them. */
function logoLimits(): { width: number; height: number } {
  const logo = derefSchema((derefSchema(TENANT_SCHEMA.properties!.theme!).properties!.logo as SchemaNode) ?? {});
  const max = (key: string) => Number((logo.properties?.[key] as { maximum?: number } | undefined)?.maximum);
  return { width: max('width'), height: max('height') };
}

/** An uploaded logo as stored. */
export interface StoredLogo {
  /** Its address (`theme.logo.src`). */
  src: string;
  width: number;
  height: number;
  /** A data URL of the stored bytes, for the editor's thumbnail. */
  thumbnail: string;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} kB`;

/**
 * Checks and stores a logo for a tenant. Throws a WorkspaceError naming the problem (type, size,
 * dimensions, remote references); nothing is written then.
 * @param tenantsDir the tenants folder
 * @param slug the tenant
 * @param bytes the uploaded file
 */
export async function storeLogo(tenantsDir: string, slug: string, bytes: Buffer): Promise<StoredLogo> {
  assertSlug(slug);
  if (bytes.length === 0) throw new WorkspaceError('logo: the file is empty');
  if (bytes.length > MAX_TENANT_ASSET_BYTES) throw new WorkspaceError(`logo: the file is ${kb(bytes.length)}; a logo may be at most ${kb(MAX_TENANT_ASSET_BYTES)} (every page downloads it)`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new WorkspaceError('logo: must be a PNG, JPEG, WebP or SVG image (this file is not an image)');
  }
  const ext = FORMATS[meta.format ?? ''];
  if (!ext) throw new WorkspaceError(`logo: must be a PNG, JPEG, WebP or SVG image (this file is ${String(meta.format).toUpperCase()})`);
  if (ext === 'svg' && /\b(href|src)\s*=\s*["']\s*(https?:|\/\/)/i.test(bytes.toString('utf8'))) {
    throw new WorkspaceError('logo: the SVG must not load anything from the internet (it references a remote file)');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const limits = logoLimits();
  if (width < MIN_SIDE || height < MIN_SIDE) throw new WorkspaceError(`logo: the image is ${width} × ${height} px; it needs at least ${MIN_SIDE} px on each side`);
  if (width > limits.width || height > limits.height) throw new WorkspaceError(`logo: the image is ${width} × ${height} px; a logo may be at most ${limits.width} × ${limits.height} px`);
  const file = `logo-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.${ext}`;
  const dir = path.join(tenantsDir, 'assets', slug);
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(path.join(dir, file), bytes);
  return { src: tenantAssetPath(slug, file), width, height, thumbnail: dataUrl(ext, bytes) };
}

/**
 * The thumbnail of an uploaded image the tenant names, or null (not an upload of this tenant, or missing).
 * @param tenantsDir the tenants folder
 * @param slug the tenant
 * @param src the address in the tenant file
 */
export async function readAssetThumbnail(tenantsDir: string, slug: string, src: string): Promise<string | null> {
  assertSlug(slug);
  const asset = parseTenantAssetPath(src);
  if (!asset || asset.slug !== slug) return null;
  const bytes = await readFile(path.join(tenantsDir, 'assets', slug, asset.file)).catch(() => undefined);
  return bytes ? `data:${asset.contentType};base64,${bytes.toString('base64')}` : null;
}

function dataUrl(ext: TenantAssetExtension, bytes: Buffer): string {
  return `data:${TENANT_ASSET_TYPES[ext]};base64,${bytes.toString('base64')}`;
}

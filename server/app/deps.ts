import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { TrustedProxies } from '../http/client-address.ts';
import type { FrontDoorOptions } from '../http/front-door.ts';
import type { PageCacheOptions } from '../http/page-cache.ts';
import type { RenderPool, RenderPoolOptions } from '../http/render-pool.ts';
import type { RenderQueueOptions } from '../http/render-queue.ts';
import type { ServerServices } from '../http/core.ts';
import type { SearchService } from '../search-bridge.ts';
import type { FeedPhotoOriginals } from '../stock/photos.ts';
import type { BrokenTenant, HostedTenant } from '../tenants.ts';

/** What the request handler needs from the server. */
export interface AppDeps {
  db: Kysely<Database>;
  tenants: HostedTenant[];
  siteIds: Map<string, number>;
  distDir: string;
  imageCacheDir: string;
  /** Stored originals of imported cars' photos (fetched again where this instance's folder lacks one). */
  feedPhotos: FeedPhotoOriginals;
  port: () => number;
  search: SearchService | null;
  services: ServerServices;
  leadRateLimit: { max: number; windowMs: number };
  /** Search queries per client address and site per window (a multi-query call counts each query). */
  searchRateLimit?: { max: number; windowMs: number };
  /** Sign-up attempts per account (email) per window, whatever the address; and failed sign-ins per account from all unknown sources together. */
  accountRateLimit?: { max: number; windowMs: number };
  /** Proxies whose X-Forwarded-For / -Proto are believed (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  /** The tenants folder's `assets` folder: images staff uploaded for each tenant (its logo). */
  assetsDir?: string;
  /** Origins allowed to frame pages (the editor preview; FRAME_ANCESTORS). */
  frameAncestors?: readonly string[];
  /** Tenants whose file is invalid: answered with a maintenance page (same array the watcher updates). */
  brokenTenants?: BrokenTenant[];
  /** Other origins that may send state-changing requests (the editor preview's proxy; ALLOWED_ORIGINS). */
  allowedOrigins?: (origin: string) => boolean;
  /** Honour `x-forecourt-test-now` on page, API and stock search requests (browser tests only). */
  testClock?: boolean;
  /** Token local tools (npm run leads) send from this machine to read dealer routes. */
  adminToken: string;
  /** Anonymous pages kept after rendering (time, sizes), or false for none (docs/rendering.md). */
  pageCache?: Partial<PageCacheOptions> | false;
  /** Renders at once, waiting at most, longest expected wait before 503 (docs/rendering.md). */
  renderQueue?: Partial<RenderQueueOptions>;
  /** Render threads, renders per thread, a render's time limit (docs/rendering.md). */
  renderPool?: Partial<RenderPoolOptions>;
  /** Render threads the server already started (warmed while the database opened); by default the pages start their own. */
  renderThreads?: RenderPool;
  /** Turning away clients that keep asking after being told to wait, or false for never (server/http/front-door.ts). */
  frontDoor?: Partial<FrontDoorOptions> | false;
  /** Local-only pages of the bare localhost origin (the local mailbox); true when one answered. */
  localPages?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
}

/** One request once its Host named a hosted tenant: what every tenant surface is handed. */
export interface TenantRequest {
  req: IncomingMessage;
  res: ServerResponse;
  tenant: HostedTenant;
  siteId: number;
  /** The decoded path, already checked for bad text. */
  pathname: string;
  url: URL;
}

/**
 * One surface of a tenant's origin (search, images, API, dealer inbox, pages). The pipeline
 * hands a request to the first surface that claims its path; that surface answers it.
 */
export interface Surface {
  claims(pathname: string, method: string | undefined): boolean;
  handle(request: TenantRequest): Promise<void> | void;
}

import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Plugin } from 'vite';
import { TENANT_ASSET_PREFIX, tenantAssetAnswer } from '../../schema/tenant-assets.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import type { PreviewPage } from '../shared/workspace-api.ts';
import { previewPages } from '../shared/preview-pages.ts';
import type { PreviewService } from './handlers.ts';

/** Turns editor text into a resolved config with the shared validator; undefined config when invalid. */
export type ResolveText = (slug: string, text: string) => Promise<{ config?: ResolvedTenant; errors: string[] }>;

/** Where the preview's `/api/*` and `/1/*` requests go: the embedded platform server. */
export interface DemoDataServer {
  /** e.g. `http://127.0.0.1:23456`; requests carry `Host: <slug>.localhost:<port>` so it knows the tenant. */
  origin: string;
  /** One car of this tenant's own stock (for the Page picker); undefined when it has none. */
  sampleCar?(slug: string): Promise<{ slug: string } | undefined>;
  /**
   * Makes sure the server hosts `slug` with demo stock and content, reloading its tenant files
   * when the tenant is new (created after it started). Resolves true when it had to reload.
   */
  ensureTenant?(slug: string): Promise<boolean>;
  /**
   * Serves `config` as the tenant's current version (its locations, hours and phones as edited,
   * not as last saved); resolves once the data server answers with it, false when it does not
   * host the tenant yet.
   */
  applyTenant?(config: ResolvedTenant): Promise<boolean>;
  close(): Promise<void>;
}

export interface PreviewOptions {
  resolveText: ResolveText;
  /** Starts the embedded server lazily; omitted or failing means the preview runs without demo data. */
  startDataServer?: () => Promise<DemoDataServer>;
  repoRoot?: string;
  /** The tenants folder, whose `assets` hold the images staff upload. */
  tenantsDir?: string;
  port?: number;
  /** Vite's folder of pre-bundled dependencies (default: its own under node_modules); tests give their own. */
  cacheDir?: string;
  log?: (line: string) => void;
}

/** What the preview pane says while the preview starts, step by step (after "Starting the preview: "). */
const PREVIEW_STEPS = {
  demoStock: 'setting up the demo cars and dealer details it shows (the first time on this computer takes longest)…',
  sitePages: 'preparing the site’s pages…',
} as const;

/** The session of the editor's own warm-up (before any window opened a tenant). */
const WARM_SESSION = 'editor-warm-up';


/**
 * The live preview: one Vite dev server of `site/` built in `live` mode, whose
 * `virtual:tenant-config` is swapped on every valid edit (HMR; a page reload when a feature switch
 * changes, because flags are compiled into other modules). Nothing is saved or built.
 */
export class LivePreview implements PreviewService {
  private state: 'starting' | 'ready' | 'error' | 'unavailable' = 'unavailable';
  private message: string | undefined;
  /** While starting, the step under way, in the words the preview pane shows staff. */
  private step: string | undefined;
  private url: string | undefined;
  private version = 0;
  private slug: string | undefined;
  private pages: PreviewPage[] = [];
  /** A car of the shown tenant's stock, for the Page picker (looked up once per tenant). */
  private car: { slug: string; car?: { slug: string } } | undefined;
  private server: import('vite').ViteDevServer | undefined;
  private setConfig: ((c: ResolvedTenant) => Promise<unknown>) | undefined;
  private starting: Promise<void> | undefined;
  private data: DemoDataServer | undefined;
  private latest: ResolvedTenant | undefined;
  /** What the data server was last given (serialised), so unchanged edits are not sent again. */
  private applied: { whole?: string; dealer?: string } = {};
  /** The editor session whose tenant the preview shows (one preview server, one owner at a time). */
  private owner: string | undefined;

  constructor(private readonly options: PreviewOptions) {}

  /** State of the server; with `session`, whether it shows that session's tenant. */
  status(session?: string) {
    return {
      state: this.state,
      ...(this.state === 'starting' && this.step ? { step: this.step } : {}),
      ...(this.url ? { url: this.url } : {}),
      ...(this.message ? { message: this.message } : {}),
      pages: this.pages,
      ...(this.slug ? { slug: this.slug } : {}),
      ...(session ? { mine: this.owner === session } : {}),
    };
  }

  /** The origin of the preview (for the editor's CSP frame-src); known before it starts when the port is fixed. */
  origin(): string | undefined {
    if (this.url) return new URL(this.url).origin;
    return this.options.port ? `http://127.0.0.1:${this.options.port}` : undefined;
  }

  /** Starts the server ahead of the first edit so the first preview appears quickly. */
  async warm(slug: string, text: string): Promise<void> {
    if (this.server || this.starting) return;
    await this.update(slug, text, WARM_SESSION);
  }

  /**
   * Shows `session`'s text of `slug`. Valid text takes the preview over (another window that
   * showed its own tenant sees a placeholder from then on); invalid text keeps the last valid
   * version only when that version is this session's tenant — never another tenant's site.
   */
  async update(slug: string, text: string, session: string): Promise<{ applied: boolean; version: number; reason?: string; shown: 'this' | 'last-valid' | 'placeholder'; pages: PreviewPage[] }> {
    const { config, errors } = await this.options.resolveText(slug, text);
    if (!config) {
      const first = errors[0] ?? 'the config has errors';
      if (this.owner === session && this.slug === slug && this.state === 'ready') {
        return { applied: false, version: this.version, shown: 'last-valid', pages: this.pages, reason: `Preview shows the last valid version: ${first}` };
      }
      return { applied: false, version: this.version, shown: 'placeholder', pages: [], reason: `The preview appears once ${slug} is valid: ${first}` };
    }
    this.latest = config;
    const slugChanged = this.slug !== slug;
    this.pages = previewPages(config, this.car?.slug === slug ? this.car.car : undefined);
    this.slug = slug;
    this.owner = session;
    if (!this.server) {
      this.starting ??= this.start(config);
      await this.starting;
      await this.applyData(config);
    } else {
      // Dealer records first: the page refetches its locations when the new config arrives.
      await this.applyData(config);
      await this.setConfig!(config);
    }
    if (slugChanged) void this.refreshPages(slug);
    this.version++;
    return {
      applied: this.state === 'ready',
      version: this.version,
      shown: this.state === 'ready' ? ('this' as const) : ('placeholder' as const),
      pages: this.pages,
      ...(this.state === 'ready' ? {} : { reason: this.message ?? 'preview is not running' }),
    };
  }

  /**
   * Hands the edited config to the data server, so API answers (locations, hours, phones,
   * dealerships) are the edited ones. Awaited when the dealer part changed, because the page
   * refetches those answers as soon as the new config reaches it; other edits need not wait.
   */
  private async applyData(config: ResolvedTenant): Promise<void> {
    if (!this.data?.applyTenant) return;
    const whole = JSON.stringify(config);
    if (whole === this.applied.whole) return;
    const dealer = JSON.stringify(config.dealer);
    const dealerChanged = dealer !== this.applied.dealer;
    this.applied = { whole, dealer };
    const sent = this.data.applyTenant(config).catch((err: unknown) => {
      this.options.log?.(`preview: the data server did not take the edit (${String(err)})`);
      return false;
    });
    if (dealerChanged && !(await sent)) this.applied = {};
  }

  private async refreshPages(slug: string) {
    try {
      // A tenant created after the data server started has no stock yet: have it seeded, then
      // reload the page so its searches and location links are its own.
      if (await this.data?.ensureTenant?.(slug)) {
        this.applied = {};
        if (this.latest?.slug === slug) await this.applyData(this.latest);
        this.server?.ws.send({ type: 'full-reload' });
      }
      if (this.slug !== slug) return;
      const car = await this.data?.sampleCar?.(slug);
      this.car = { slug, ...(car ? { car } : {}) };
      if (this.slug === slug && this.latest) this.pages = previewPages(this.latest, car);
    } catch (err) {
      this.options.log?.(`preview: could not find a car for the Page picker: ${String(err)}`);
    }
  }

  private async start(config: ResolvedTenant): Promise<void> {
    this.state = 'starting';
    try {
      if (this.options.startDataServer) {
        // The demo stock is created the first time the preview starts on a computer (seconds on a
        // small machine): staff see what the wait is for rather than one unchanging line.
        this.step = PREVIEW_STEPS.demoStock;
        try {
          this.data = await this.options.startDataServer();
        } catch (err) {
          this.options.log?.(`preview: demo data server unavailable (${err instanceof Error ? err.message : String(err)})`);
        }
      }
      this.step = PREVIEW_STEPS.sitePages;
      const [{ createServer }, { createTenantViteConfig }] = await Promise.all([import('vite'), import('../../build/vite-config.ts')]);
      const base = createTenantViteConfig(config, { mode: 'live', ...(this.options.repoRoot ? { repoRoot: this.options.repoRoot } : {}) });
      const { tenantConfig, ...viteConfig } = base;
      this.setConfig = (c) => tenantConfig.api.setConfig(c);
      const dataOrigin = this.data?.origin;
      const hostFor = () => `${this.slug ?? config.slug}.localhost:${dataOrigin ? new URL(dataOrigin).port : ''}`;
      const proxyEntry = dataOrigin
        ? {
            target: dataOrigin,
            changeOrigin: false,
            configure(proxy: { on(ev: 'proxyReq', fn: (req: { setHeader(k: string, v: string): void }) => void): void }) {
              // The platform knows the tenant from the Host, and the preview follows the open tenant.
              proxy.on('proxyReq', (req) => req.setHeader('host', hostFor()));
            },
          }
        : undefined;
      const tenantsDir = this.options.tenantsDir;
      // Images staff upload (the logo) are served from where the editor writes them, by the same
      // rules as the platform, so the preview shows an upload at once.
      const assetsPlugin: Plugin = {
        name: 'forecourt:tenant-assets',
        configureServer(server) {
          server.middlewares.use((req, res, next) => {
            const pathname = (req.url ?? '').split('?')[0] ?? '';
            if (!tenantsDir || !pathname.startsWith(TENANT_ASSET_PREFIX)) return next();
            void tenantAssetAnswer(pathname, req.method, hostSlug(), (tenant, file) => readFile(path.join(tenantsDir, 'assets', tenant, file)).catch(() => undefined)).then((answer) => {
              res.writeHead(answer.status, answer.headers);
              res.end(answer.body);
            }, next);
          });
        },
      };
      const hostSlug = () => this.slug ?? config.slug;
      this.server = await createServer({
        ...viteConfig,
        plugins: [assetsPlugin, ...(viteConfig.plugins ?? [])],
        ...(this.options.cacheDir ? { cacheDir: this.options.cacheDir } : {}),
        // Every source file is scanned for dependencies at start: a dependency first met in a
        // lazily loaded part (a dialog) would otherwise be optimised mid-session, and the page's
        // import of that part fails ("Failed to fetch dynamically imported module").
        optimizeDeps: { ...viteConfig.optimizeDeps, entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/test/**', '!src/entry-server.tsx'] },
        logLevel: 'warn',
        server: {
          host: '127.0.0.1',
          port: this.options.port ?? 0,
          // A fixed port is already in the editor page's CSP, so it must not drift.
          strictPort: this.options.port !== undefined && this.options.port !== 0,
          // The editor page frames the preview; nothing else should reach it.
          cors: false,
          // Car photos, brand logos and the other generated pictures come from the platform too.
          ...(proxyEntry ? { proxy: { '/api': proxyEntry, '/1': proxyEntry, '/images/': proxyEntry } } : {}),
        },
      });
      await this.server.listen();
      const addr = this.server.httpServer?.address() as AddressInfo | null;
      if (!addr) throw new Error('preview server did not report its address');
      this.url = `http://127.0.0.1:${addr.port}/`;
      this.state = 'ready';
      this.step = undefined;
      this.message = undefined;
      // An edit may have arrived while starting.
      if (this.latest && this.latest !== config) await this.setConfig(this.latest);
    } catch (err) {
      this.state = 'error';
      this.step = undefined;
      this.message = `preview failed to start: ${err instanceof Error ? err.message : String(err)}`;
      this.options.log?.(this.message);
      this.starting = undefined;
      await this.server?.close().catch(() => undefined);
      this.server = undefined;
    }
  }

  async close(): Promise<void> {
    await this.server?.close();
    await this.data?.close();
    this.server = undefined;
    this.data = undefined;
  }
}

import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { shopperTenant } from '../../schema/tenant-data-block.ts';
import { LIVE_FEATURES_GLOBAL } from './feature-flags.ts';

/** The id the site imports the resolved tenant config from (declared in site/src/virtual-modules.d.ts). */
export const TENANT_CONFIG_ID = 'virtual:tenant-config';
const RESOLVED_ID = `\0${TENANT_CONFIG_ID}`;
const TENANT_DOCUMENT_MODULE = fileURLToPath(new URL('../../site/src/app/tenant-document.ts', import.meta.url));
export const TENANT_CONFIG_PLUGIN_NAME = 'forecourt:tenant-config';

/** What a config change needed to reach the page. */
export type TenantConfigUpdate = 'none' | 'hmr' | 'full-reload';

/** Handle the editor uses to swap the config a running dev server serves. */
export interface TenantConfigApi {
  getConfig(): ResolvedTenant;
  /** Replace the config; with a server attached, invalidates the virtual module (HMR) or reloads the page when features changed. */
  setConfig(next: ResolvedTenant): Promise<TenantConfigUpdate>;
}

export type TenantConfigPlugin = Plugin & { api: TenantConfigApi };

/**
 * Vite plugin serving `virtual:tenant-config`, whose default export is the resolved tenant.
 *
 * In `live` mode (editor preview) the module also refreshes `globalThis.__FC_FEATURES__`, and
 * `api.setConfig()` pushes a new config through HMR. Feature flags are compiled into other
 * modules' code, so a change of `features` reloads the page instead of hot-updating.
 */
export function tenantConfigPlugin(initial: ResolvedTenant, options: { live?: boolean; fromDocument?: boolean } = {}): TenantConfigPlugin {
  let config = initial;
  let server: ViteDevServer | undefined;
  // Counts the config edits, so a page can say which one it started from; `featuresVersion` is
  // the edit that last changed the feature switches, which only a page load brings in.
  let version = 0;
  let featuresVersion = 0;

  return {
    name: TENANT_CONFIG_PLUGIN_NAME,
    resolveId(id) {
      return id === TENANT_CONFIG_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      // A production bundle is shared by tenants: the page carries its tenant (site/src/app/tenant-document.ts).
      if (options.fromDocument) return `import { tenantFromDocument } from ${JSON.stringify(TENANT_DOCUMENT_MODULE)};\nexport default tenantFromDocument();\n${NOT_LIVE}`;
      return renderTenantConfigModule(config, options.live === true, version);
    },
    configureServer(devServer) {
      server = devServer;
      if (!options.live) return;
      // An edit sent while a page was still loading reached nobody: the page had fetched the
      // config before the edit, and its handler of edits (site/src/app/start.tsx) did not listen
      // yet. Once it listens, the page says which edit it started from; one that missed some is
      // sent the config again (a page load when the feature switches changed meanwhile).
      devServer.ws.on(LIVE_CONFIG_EVENT, (data: unknown, client) => {
        const from = (data as { version?: unknown } | undefined)?.version;
        if (typeof from !== 'number' || from === version) return;
        if (from < featuresVersion) {
          client.send({ type: 'full-reload', path: '*' });
          return;
        }
        const mod = devServer.moduleGraph.getModuleById(RESOLVED_ID);
        if (mod) void devServer.reloadModule(mod);
      });
    },
    api: {
      getConfig: () => config,
      async setConfig(next) {
        const previous = config;
        config = next;
        if (stableStringify(previous) === stableStringify(next)) return 'none';
        version++;
        const featuresChanged = stableStringify(previous.features) !== stableStringify(next.features);
        if (featuresChanged) featuresVersion = version;
        if (!server) return 'none';
        const mod = server.moduleGraph.getModuleById(RESOLVED_ID);
        // Invalidate first so the next request gets the new text even without an HMR client.
        if (mod) server.moduleGraph.invalidateModule(mod);
        if (featuresChanged) {
          // Flags are compiled into other modules (and set as globals by the Vite client), so
          // only a fresh page load picks up the new features.
          server.ws.send({ type: 'full-reload', path: '*' });
          return 'full-reload';
        }
        if (!mod) return 'none';
        await server.reloadModule(mod);
        return 'hmr';
      },
    },
  };
}

/** The message a preview page sends once it listens for edits, with the edit it started from. */
const LIVE_CONFIG_EVENT = 'forecourt:live-config';
/** A module outside the editor's preview has no edits to number. */
const NOT_LIVE = 'export const liveConfig = undefined;\n';

/**
 * The source text of the virtual module for a config. Its `liveConfig` is, in the editor's
 * preview, which edit the config is and how a page reports it; elsewhere undefined.
 */
export function renderTenantConfigModule(config: ResolvedTenant, live: boolean, version = 0): string {
  // Where the dealer's leads go (staff addresses, CRM web addresses) is the server's business
  // only: it never reaches a browser.
  const json = JSON.stringify(shopperTenant(config));
  if (!live) return `const config = ${json};\nexport default config;\n${NOT_LIVE}`;
  return [
    `const config = ${json};`,
    `globalThis.${LIVE_FEATURES_GLOBAL} = config.features;`,
    'export default config;',
    `export const liveConfig = ${JSON.stringify({ version, event: LIVE_CONFIG_EVENT })};`,
    '',
  ].join('\n');
}

/**
 * Swap the tenant config served by a running dev server (the editor preview calls this on
 * each valid edit). Throws when the server was not created with the tenant-config plugin.
 */
export async function updateTenantConfig(server: ViteDevServer, next: ResolvedTenant): Promise<TenantConfigUpdate> {
  const plugin = server.config.plugins.find((p) => p.name === TENANT_CONFIG_PLUGIN_NAME) as TenantConfigPlugin | undefined;
  if (!plugin?.api) throw new Error(`dev server has no ${TENANT_CONFIG_PLUGIN_NAME} plugin`);
  return plugin.api.setConfig(next);
}

/** JSON with sorted keys, so equal configs compare and hash equal regardless of key order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

/** SHA-256 of the resolved config with sorted keys: equal configs hash equal. */
export function configHash(config: ResolvedTenant): string {
  return createHash('sha256').update(stableStringify(config)).digest('hex');
}

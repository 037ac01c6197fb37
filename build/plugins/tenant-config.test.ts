import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { FIXTURE_REPO, fixtureResolvedTenant } from '../test-fixtures/fixtures.ts';
import { createTenantViteConfig } from '../vite-config.ts';
import { TENANT_CONFIG_ID, renderTenantConfigModule, stableStringify, updateTenantConfig } from './tenant-config.ts';

function tenant(name: string, features: Record<string, unknown>): ResolvedTenant {
  return fixtureResolvedTenant('alpha', features, { name });
}

let server: ViteDevServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function liveServer(config: ResolvedTenant): Promise<ViteDevServer> {
  const { tenantConfig: _plugin, ...inline } = createTenantViteConfig(config, { mode: 'live', repoRoot: FIXTURE_REPO });
  server = await createServer({ ...inline, logLevel: 'silent', server: { middlewareMode: true, hmr: false, watch: null } });
  return server;
}

describe('virtual:tenant-config', () => {
  it('exports the resolved config as the default export', () => {
    const config = tenant('Alpha Motors', { compare: true });
    const code = renderTenantConfigModule(config, false);

    const { leadDelivery: _, ...shopperConfig } = config;
    expect(code).toBe(`const config = ${JSON.stringify(shopperConfig)};\nexport default config;\nexport const liveConfig = undefined;\n`);
  });

  it('leaves out where the dealer\'s leads go: staff addresses and CRM web addresses stay on the server', () => {
    const config: ResolvedTenant = {
      ...tenant('Alpha Motors', {}),
      leadDelivery: { maxAttempts: 8, routes: [{ departments: ['sales'], email: ['sales@alpha.example.com.au'], emailFormat: 'adf-and-summary', webhook: { url: 'https://crm.alpha.example.com.au/leads', secretEnv: 'ALPHA_CRM_SECRET' } }] },
    };
    const code = renderTenantConfigModule(config, false);
    expect(code).not.toContain('leadDelivery');
    expect(code).not.toContain('sales@alpha.example.com.au');
    expect(code).not.toContain('crm.alpha.example.com.au');
    expect(code).toContain('"name":"Alpha Motors"');
  });

  it('in live mode also publishes the features for the live flag lookups', () => {
    const code = renderTenantConfigModule(tenant('Alpha Motors', { compare: true }), true);

    expect(code).toContain('globalThis.__FC_FEATURES__ = config.features;');
  });

  it('in live mode numbers the edits: a label edit and a feature switch each count, an unchanged config does not', async () => {
    const dev = await liveServer(tenant('Alpha Motors', { compare: true }));
    const version = async () => /"version":(\d+)/.exec((await dev.transformRequest(TENANT_CONFIG_ID))?.code ?? '')?.[1];

    const first = await version();
    await updateTenantConfig(dev, tenant('Alpha Motors Brisbane', { compare: true }));
    const afterLabel = await version();
    await updateTenantConfig(dev, tenant('Alpha Motors Brisbane', { compare: false }));
    await updateTenantConfig(dev, tenant('Alpha Motors Brisbane', { compare: false }));
    const afterSwitch = await version();

    expect([first, afterLabel, afterSwitch]).toEqual(['0', '1', '2']);
  }, 60_000);

  it('serves a new config from a running dev server after updateTenantConfig', async () => {
    const dev = await liveServer(tenant('Alpha Motors', { compare: true }));
    const before = await dev.transformRequest(TENANT_CONFIG_ID);

    const labelEdit = await updateTenantConfig(dev, tenant('Alpha Motors Brisbane', { compare: true }));
    const after = await dev.transformRequest(TENANT_CONFIG_ID);
    const flagEdit = await updateTenantConfig(dev, tenant('Alpha Motors Brisbane', { compare: false }));
    const unchanged = await updateTenantConfig(dev, tenant('Alpha Motors Brisbane', { compare: false }));

    expect(before?.code).toContain('"name":"Alpha Motors"');
    expect(after?.code).toContain('"name":"Alpha Motors Brisbane"');
    expect(labelEdit).toBe('hmr');
    expect(flagEdit).toBe('full-reload');
    expect(unchanged).toBe('none');
  }, 60_000);

  it('compiles flags in live mode as lookups and injects the current features into the page', async () => {
    const dev = await liveServer(tenant('Alpha Motors', { compare: true, garage: false }));

    // In dev, Vite sets user defines as globals from its client module rather than rewriting
    // every module, so the live lookup lives there and runs after the injected features script.
    const client = await dev.transformRequest('/@vite/env');
    await updateTenantConfig(dev, tenant('Alpha Motors', { compare: true, garage: true }));
    const html = await dev.transformIndexHtml('/', '<html><head></head><body></body></html>');

    expect(client?.code).toMatch(/"__FEATURE_GARAGE__":\s*globalThis\.__FC_FEATURES__\.garage/);
    const injected = /globalThis\.__FC_FEATURES__ = (\{.*?\});/.exec(html)?.[1];
    expect(JSON.parse(injected ?? '{}')).toMatchObject({ compare: true, garage: true });
  }, 60_000);

  it('refuses a server that was not created with the plugin', async () => {
    server = await createServer({ configFile: false, logLevel: 'silent', root: FIXTURE_REPO, server: { middlewareMode: true, hmr: false, watch: null } });

    await expect(updateTenantConfig(server, tenant('x', {}))).rejects.toThrow('dev server has no forecourt:tenant-config plugin');
  }, 60_000);
});

describe('stableStringify', () => {
  it('ignores key order', () => {
    expect(stableStringify({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(stableStringify({ a: { c: [3, { e: 5, f: 4 }], d: 2 }, b: 1 }));
  });
});

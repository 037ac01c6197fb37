/**
 * Stand-alone dev server for the site shell, one tenant at a time:
 *   TENANT=<slug> npx vite --config site/vite.dev.config.ts
 * Serves `virtual:tenant-config` from tenants/<slug>.json (defaults applied) and inlines the
 * tenant's feature flags like the production build. The per-tenant build and the editor
 * preview use build/vite-config.ts; this file exists so the site can be worked on alone.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { featureFlagDefines, resolveTenant } from '../schema/resolve.ts';
import type { TenantConfig } from '../schema/tenant.gen.ts';
import { tenantHtmlPlugin } from './tenant-html-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
const slug = process.env.TENANT;
if (!slug) throw new Error('TENANT=<slug> is required, e.g. TENANT=sunshine-motor-group npx vite --config site/vite.dev.config.ts');
const file = `${repo}tenants/${slug}.json`;
const tenant = resolveTenant(JSON.parse(readFileSync(file, 'utf8')) as TenantConfig);

function tenantConfigModule(): Plugin {
  return {
    name: 'site-dev:tenant-config',
    resolveId: (id) => (id === 'virtual:tenant-config' ? '\0virtual:tenant-config' : null),
    load: (id) => (id === '\0virtual:tenant-config' ? `export default ${JSON.stringify(tenant)};` : null),
  };
}

export default defineConfig({
  root,
  publicDir: `${root}public`,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/routeTree.gen.ts`,
      quoteStyle: 'single',
    }),
    react(),
    tenantConfigModule(),
    tenantHtmlPlugin(() => tenant),
  ],
  define: featureFlagDefines(tenant),
  // Own optimizer cache: other dev servers (editor preview, build tests) share node_modules/.vite.
  cacheDir: `${repo}node_modules/.cache/vite-site-dev`,
  server: { host: '127.0.0.1', strictPort: true },
  build: { outDir: `${repo}node_modules/.cache/site-dev-dist/${slug}`, emptyOutDir: true },
});

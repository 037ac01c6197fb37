// `TENANT=<slug> npx vite` serves one tenant's site with HMR (feature flags inlined as in its
// production build); `TENANT=<slug> npx vite build` builds it like `npm run build -- --tenant`.
// Multi-tenant builds go through `npm run build` (build/matrix.ts), not this file.
import { defineConfig } from 'vite';
import { validateWithSchema } from './build/matrix.ts';
import { createTenantViteConfig } from './build/vite-config.ts';
import { loadTenantFiles } from './scripts/lib/tenants.ts';

export default defineConfig(async ({ command }) => {
  const files = await loadTenantFiles();
  const slug = process.env.TENANT;
  const known = files.map((f) => f.file.replace(/\.json$/, ''));
  if (!slug) throw new Error(`Set TENANT to one of: ${known.join(', ')} (e.g. TENANT=${known[0] ?? '<slug>'} npx vite)`);
  const verdict = validateWithSchema(files).find((v) => v.file === `${slug}.json`);
  if (!verdict) throw new Error(`TENANT=${slug}: tenants/${slug}.json does not exist (known: ${known.join(', ')})`);
  if (!verdict.config || verdict.errors.length > 0) throw new Error(`tenants/${slug}.json is invalid:\n${verdict.errors.join('\n')}`);
  const { tenantConfig: _plugin, configFile: _configFile, ...config } = createTenantViteConfig(verdict.config, {
    mode: command === 'build' ? 'production' : 'development',
  });
  return config;
});

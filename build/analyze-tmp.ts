import { build } from 'vite';
import { readFileSync, readdirSync } from 'node:fs';
import { resolveTenant } from '../schema/resolve.ts';
import { createTenantViteConfig } from '../build/vite-config.ts';
import { bytesPerSource } from '../build/source-map-bytes.ts';
const slug = process.argv[2] ?? 'range-road-kia';
const cfg = resolveTenant(JSON.parse(readFileSync(`tenants/${slug}.json`, 'utf8')));
const { tenantConfig: _t, ...vc } = createTenantViteConfig(cfg, { mode: 'development', outDir: '/tmp/an' });
await build({ ...vc, mode: 'production', logLevel: 'error', build: { ...vc.build, minify: true, sourcemap: 'hidden', outDir: '/tmp/an', emptyOutDir: true } });
const files = process.argv.slice(3);
for (const f of readdirSync('/tmp/an/assets').filter((f) => f.endsWith('.js') && (files.length === 0 || files.some((x) => f.startsWith(x))))) {
  const code = readFileSync(`/tmp/an/assets/${f}`, 'utf8');
  const map = JSON.parse(readFileSync(`/tmp/an/assets/${f}.map`, 'utf8'));
  const bytes = bytesPerSource(code, map);
  const pk: Record<string, number> = {};
  map.sources.forEach((s: string, i: number) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
    const k = m ? m[1]! : s.replace(/^(\.\.\/)+/, '').split('/').slice(0, 3).join('/');
    pk[k] = (pk[k] ?? 0) + (bytes[i] ?? 0);
  });
  console.log(`\n${f} ${code.length} bytes`);
  for (const [k, v] of Object.entries(pk).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${String(v).padStart(8)}  ${k}`);
}
if (process.env.DETAIL) {
  for (const f of readdirSync('/tmp/an/assets').filter((f) => f.startsWith('index-') && f.endsWith('.js'))) {
    const code = readFileSync(`/tmp/an/assets/${f}`, 'utf8');
    const map = JSON.parse(readFileSync(`/tmp/an/assets/${f}.map`, 'utf8'));
    const bytes = bytesPerSource(code, map);
    map.sources.forEach((s: string, i: number) => { if (s.includes(process.env.DETAIL!)) console.log(bytes[i], s); });
  }
}

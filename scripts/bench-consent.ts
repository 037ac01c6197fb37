import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMatrix } from '../build/matrix.ts';
import { readTenantFiles, staleTenants } from '../build/stale.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/lib/chromium.ts';
import { startServer } from '../server/index.ts';
import { analyticsTags, hasAnalyticsTags } from '../site/src/domain/consent.ts';
import { lighthouseMobile, type LighthouseFigures } from './bench-render.ts';

/*
 * Lighthouse on a tenant with analytics tags, before and after the shopper's consent: the
 * first visit (no choice yet: the cookie banner shows, no tag loads) against a visit with the
 * choice "accepted" kept on the device (no banner; the tags are requested once the app has
 * started). Mobile, simulated slow 4G and 4× CPU, the median of FC_LIGHTHOUSE_RUNS runs, home
 * and the default search page. There is no internet here: the tag hosts are made to fail at
 * once (Chromium's host resolver), so "after" counts requesting the tags but not running
 * Google's or Meta's code, which a real visit runs after hydration.
 * `npm run bench -- consent` (every tenant with ids) or `npm run bench -- consent --tenant <slug>`.
 */

const KEY = (slug: string) => `forecourt:${slug}:cookie-consent`;

export async function benchConsent(): Promise<void> {
  process.env.NODE_ENV ??= 'production';
  const files = readTenantFiles();
  const only = process.argv.includes('--tenant') ? [process.argv[process.argv.indexOf('--tenant') + 1] ?? ''] : null;
  const stale = staleTenants().filter((slug) => !only || only.includes(slug));
  if (stale.length) {
    console.log(`building ${stale.length} stale tenant(s) first…`);
    await runMatrix({ files, only: stale, enforceBudgets: false, log: () => {} });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-consent-bench-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.resolve('dist'), seedCars: 6000, log: () => {} });
  const tenants = server.tenants.filter((t) => hasAnalyticsTags(t.config.analytics) && (!only || only.includes(t.slug)));
  const hosts = [...new Set(tenants.flatMap((t) => analyticsTags(t.config.analytics).scripts.map((s) => new URL(s.src).hostname)))];
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, `--host-resolver-rules=${hosts.map((h) => `MAP ${h} ~NOTFOUND`).join(', ')}`],
    userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fc-lh-consent-')),
  });
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const lines: string[] = [];
  const line = (slug: string, pathname: string, state: string, f: LighthouseFigures) => {
    const tags = f.requests.filter((url) => hosts.includes(new URL(url).hostname)).length;
    return `${slug.padEnd(26)}${pathname.padEnd(30)}${state.padEnd(17)}perf ${String(f.performance).padStart(3)}  FCP ${(f.fcpMs / 1000).toFixed(2)} s  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms (runs ${f.tbtRuns.join(' / ')})  CLS ${f.cls.toFixed(3)}  tag requests ${tags}`;
  };
  try {
    for (const tenant of tenants) {
      const origin = `http://${tenant.slug}.localhost:${server.port}`;
      // The choice on the device: none (removed) or "accepted"; Lighthouse keeps the site's storage.
      const choose = async (choice: string | null) => {
        const page = await browser.newPage();
        await page.goto(`${origin}/robots.txt`);
        await page.evaluate((key, value) => (value === null ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value)), KEY(tenant.slug), choice);
        await page.close();
      };
      for (const pathname of ['/', tenant.config.routes.defaultSearchPath]) {
        await choose(null);
        lines.push(line(tenant.slug, pathname, 'before consent', await lighthouseMobile(`${origin}${pathname}`, chrome.port, { disableStorageReset: true })));
        await choose(JSON.stringify({ choice: 'granted', at: Date.now() }));
        lines.push(line(tenant.slug, pathname, 'after consent', await lighthouseMobile(`${origin}${pathname}`, chrome.port, { disableStorageReset: true })));
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLighthouse mobile before and after consent (simulated slow 4G, 4× CPU), median of ${process.env.FC_LIGHTHOUSE_RUNS ?? 3} runs`);
  for (const l of lines) console.log(l);
}

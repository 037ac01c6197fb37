import http from 'node:http';
import path from 'node:path';
import type { PreviewPage } from '../shared/workspace-api.ts';
import type { DemoDataServer } from './preview-server.ts';

export interface DemoDataOptions {
  tenantsDir: string;
  /** Its own database folder, so the editor never fights `npm start` over the same PGlite files. */
  dataDir: string;
  seedCars?: number;
  log?: (line: string) => void;
}

/** GET/POST against the embedded server as tenant `slug` (Node does not resolve *.localhost, so the Host header names it). */
function requestJson(origin: string, slug: string, pathname: string, body?: unknown): Promise<unknown> {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: u.port,
        path: pathname,
        method: body === undefined ? 'GET' : 'POST',
        headers: { host: `${slug}.localhost:${u.port}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        timeout: 5000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 400) return reject(new Error(`${pathname}: HTTP ${res.statusCode}`));
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${pathname}: timed out`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * The embedded platform server (server/index.ts) as the preview's data source: the same API and
 * search the real sites use, seeded with demo stock, on a free localhost port.
 */
export async function startDemoDataServer(options: DemoDataOptions): Promise<DemoDataServer> {
  const [{ startServer }, { validateTenantSet }] = await Promise.all([import('../../server/index.ts'), import('../../schema/validate.ts')]);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    tenantsDir: options.tenantsDir,
    distDir: path.join(options.dataDir, 'no-dist'),
    seedCars: options.seedCars ?? 1500,
    validate: (files) => validateTenantSet(files).flatMap((r) => r.issues),
    log: options.log ?? (() => undefined),
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    async pages(slug: string): Promise<PreviewPage[]> {
      const pages: PreviewPage[] = [];
      try {
        const found = (await requestJson(origin, slug, '/1/indexes/cars/query', { params: 'hitsPerPage=1' })) as { hits?: { slug?: string; title?: string }[] };
        const car = found.hits?.[0];
        if (car?.slug) pages.push({ id: 'vehicle', label: 'A vehicle', path: `/cars/${car.slug}` });
      } catch (err) {
        options.log?.(`preview: no vehicle page (${String(err)})`);
      }
      try {
        const locations = (await requestJson(origin, slug, '/api/locations')) as { slug?: string }[] | { locations?: { slug?: string }[] };
        const first = Array.isArray(locations) ? locations[0] : locations.locations?.[0];
        if (first?.slug) pages.push({ id: 'location', label: 'A location', path: `/locations/${first.slug}` });
      } catch (err) {
        options.log?.(`preview: no location page (${String(err)})`);
      }
      pages.push({ id: 'about', label: 'About us', path: '/about-us' });
      return pages;
    },
    close: () => server.close(),
  };
}

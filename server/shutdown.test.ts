import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { startServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const dirs: string[] = [];
afterAll(() => removeDataDirs(dirs), 120_000);

test('closing the server lets the requests under way finish before the database closes', async () => {
  const dataDir = freshDataDir('fc-shutdown-');
  dirs.push(dataDir);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  // The node:http server inside, to see when it has taken a request.
  const created = vi.spyOn(http, 'createServer');
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: FIXTURES, seedCars: 20, log: () => {}, watch: false });
  // The one listening on the server's port (lead delivery's local webhook receiver is another).
  const httpServer = created.mock.results.map((r) => r.value as http.Server).find((h) => (h.address() as AddressInfo | null)?.port === server.port) as http.Server;
  created.mockRestore();
  try {
    const slug = server.tenants[0]!.slug;
    // Listed cars (a sold one's images answer 404 like its page).
    const cars = await server.db.selectFrom('cars').innerJoin('sites', 'sites.id', 'cars.site_id').select('cars.id').where('sites.slug', '=', slug).where('cars.status', '=', 'in_stock').limit(4).execute();
    expect(cars.length).toBeGreaterThan(0);
    // Images not yet drawn: each request reads the database, then draws (tens of milliseconds).
    const host = `${slug}.localhost:${server.port}`;
    const pending = cars.flatMap((car) => [1280, 1920].map((w) => request(server.port, host, `/images/cars/${car.id}/1.webp?w=${w}`)));
    // Closed as soon as the server has taken one of them (a fixed wait lost the race on a busy machine).
    await once(httpServer, 'request');
    const closing = server.close();
    const answers = await Promise.allSettled(pending);
    await closing;
    // A request the server had taken is answered in full; none meets a closed database.
    const answered = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.status] : []));
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((status) => status !== 200), `statuses: ${answered.join(', ')}`).toEqual([]);
    expect(errors.mock.calls.filter(([message]) => String(message).includes('request failed'))).toEqual([]);
  } finally {
    errors.mockRestore();
  }
}, 60_000);

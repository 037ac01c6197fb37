import path from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '../index.ts';

/** The fixture tenants (alpha-motors, beta-caravans) the server's HTTP tests run against. */
export const FIXTURE_TENANTS = path.join(import.meta.dirname, '..', 'test-fixtures', 'tenants');

/**
 * Starts a server for a test: on 127.0.0.1 at a free port, the fixture tenants, bundles looked for
 * in the data directory's `dist`, no log, no tenant-file watcher, and a lead budget no test reaches
 * (tests of the limits set their own). Anything given replaces these.
 * @param options the data directory (freshDataDir) and what this test needs otherwise
 */
export function startTestServer(options: StartOptions & { dataDir: string }): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    distDir: path.join(options.dataDir, 'dist'),
    tenantsDir: FIXTURE_TENANTS,
    log: () => {},
    watch: false,
    leadRateLimit: { max: 10_000, windowMs: 60_000 },
    ...options,
  });
}

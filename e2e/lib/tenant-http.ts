import { request, type TestResponse } from '../../server/local-client.ts';
import { E2E_PORT } from './tenants.ts';

/**
 * Plain HTTP to a tenant of the e2e server, without a browser: Node does not resolve
 * `*.localhost` here, so the request goes to 127.0.0.1 with the tenant's Host header. Redirects
 * are not followed (tests read their status and Location).
 */
export function tenantHttp(slug: string, path: string, init: Parameters<typeof request>[3] = {}): Promise<TestResponse> {
  return request(E2E_PORT, `${slug}.localhost:${E2E_PORT}`, path, init);
}

import { algoliasearch } from 'algoliasearch';
import type { CarSearchRecord } from '../../schema/api/index.ts';
import type { HostedTenant } from '../tenants.ts';

/*
 * Tenants searching on hosted Algolia (`search.backend: algolia`) get the same partial updates as
 * the embedded engine: every re-index sends the changed cars' records with Algolia's
 * partialUpdateObjects (created when new), to the tenant's main index (its replicas follow).
 * Writing needs the environment's admin key (ALGOLIA_ADMIN_API_KEY): tenant files hold only the
 * public search-only key.
 */

/** Where a tenant's changed records go besides the embedded engine. */
export interface IndexPush {
  push(tenant: HostedTenant, records: CarSearchRecord[]): Promise<void>;
}

/**
 * Creates the Algolia push.
 * @param options the admin key (default ALGOLIA_ADMIN_API_KEY), hosts (tests: a local server), log
 */
export function createAlgoliaPush(options: { adminKey?: string; hosts?: { url: string; protocol: 'http' | 'https' }[]; log?: (line: string) => void } = {}): IndexPush {
  const adminKey = options.adminKey ?? process.env.ALGOLIA_ADMIN_API_KEY;
  const log = options.log ?? ((line: string) => console.error(line));
  const clients = new Map<string, ReturnType<typeof algoliasearch>>();
  const warned = new Set<string>();
  return {
    async push(tenant, records) {
      const settings = tenant.config.search.algolia;
      if (tenant.config.search.backend !== 'algolia' || !settings || records.length === 0) return;
      if (!adminKey) {
        if (!warned.has(tenant.slug)) log(`[stock] ${tenant.slug} searches on Algolia but ALGOLIA_ADMIN_API_KEY is not set: its index is not updated (push with npm run export:algolia).`);
        warned.add(tenant.slug);
        return;
      }
      let client = clients.get(settings.appId);
      if (!client) {
        client = algoliasearch(settings.appId, adminKey, options.hosts ? { hosts: options.hosts.map((h) => ({ ...h, accept: 'readWrite' as const })) } : {});
        clients.set(settings.appId, client);
      }
      try {
        await client.partialUpdateObjects({ indexName: settings.indexName, objects: records as unknown as Record<string, unknown>[], createIfNotExists: true });
      } catch (error) {
        log(`[stock] ${tenant.slug}: Algolia update of ${records.length} cars failed (npm run export:algolia sends the whole stock again): ${(error as Error).message}`);
      }
    },
  };
}

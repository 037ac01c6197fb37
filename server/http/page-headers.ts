import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { analyticsTags } from '../../site/src/domain/consent.ts';
import { securityHeaders } from './security-headers.ts';

/*
 * Headers of a server-rendered page: the platform's security headers for HTML (scripts only
 * from the site and inline scripts carrying this response's nonce — the router's hydration data
 * and the input-holding script), plus the tenant's own outside sources: its image CDN and, for a
 * tenant searching hosted Algolia, Algolia's hosts; for a tenant with analytics ids, exactly its
 * tags' hosts (the browser adds their scripts with this response's nonce once the shopper agrees).
 */

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The security headers of one page answer.
 * @param tenant resolved tenant (its image CDN and search backend)
 * @param request this response's script nonce, whether it came over HTTPS, who may frame it
 */
export function pageHeaders(tenant: ResolvedTenant, request: { nonce: string; https: boolean; frameAncestors?: readonly string[] | undefined }): Record<string, string> {
  const cdn = originOf(tenant.api.imageCdnBaseUrl);
  const tags = analyticsTags(tenant.analytics);
  return securityHeaders({
    kind: 'html',
    nonce: request.nonce,
    https: request.https,
    frameAncestors: request.frameAncestors,
    imgSources: [...(cdn ? [cdn] : []), ...tags.imgHosts],
    connectSources: [...(tenant.search.backend === 'algolia' ? ['https://*.algolia.net', 'https://*.algolianet.com', 'https://*.algolia.io'] : []), ...tags.connectHosts],
    scriptSources: tags.scriptHosts,
  });
}

import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

/*
 * Headers of a server-rendered page. The Content-Security-Policy allows scripts only from the
 * site itself and inline scripts carrying this response's nonce (the router's hydration data
 * and the input-holding script), so an injected script cannot run.
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
 * @param tenant resolved tenant (its image CDN and Algolia hosts are allowed sources)
 * @param nonce this response's script nonce
 * @param https the shopper reached us over HTTPS (HSTS)
 */
export function pageHeaders(tenant: ResolvedTenant, nonce: string, https: boolean): Record<string, string> {
  const images = ["'self'", 'data:', 'blob:', originOf(tenant.api.imageCdnBaseUrl)].filter(Boolean).join(' ');
  const connect = ["'self'", ...(tenant.search.backend === 'algolia' ? ['https://*.algolia.net', 'https://*.algolianet.com', 'https://*.algolia.io'] : [])].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    `connect-src ${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), payment=(self), geolocation=(self)',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

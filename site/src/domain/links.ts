/** Where a config href points: this site's router, another document, or another site. */
export type HrefTarget =
  | { kind: 'internal'; pathname: string; search: Record<string, string>; hash: string }
  | { kind: 'external'; href: string }
  | { kind: 'document'; href: string };

/**
 * Classifies a navigation href from tenant config. Site-relative paths ('/finance',
 * '/service#service-booking', '/search/used-cars?make=Toyota') are routed in-app;
 * `http(s)://` URLs are external; `mailto:`, `tel:`, `sms:` and bare anchors ('#finance-form')
 * are plain document links. Throws an Error naming the href when it is empty or a
 * protocol-relative / javascript: URL, which config must never contain.
 */
export function classifyHref(href: string): HrefTarget {
  const value = href.trim();
  if (value === '') throw new Error('href: must not be empty');
  if (value.startsWith('//') || /^javascript:/i.test(value)) throw new Error(`href: '${href}' is not allowed`);
  if (/^https?:\/\//i.test(value)) return { kind: 'external', href: value };
  if (/^(mailto|tel|sms):/i.test(value) || value.startsWith('#')) return { kind: 'document', href: value };
  if (!value.startsWith('/')) throw new Error(`href: '${href}' must start with '/' or be an absolute URL`);
  const hashAt = value.indexOf('#');
  const hash = hashAt >= 0 ? value.slice(hashAt + 1) : '';
  const beforeHash = hashAt >= 0 ? value.slice(0, hashAt) : value;
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const search: Record<string, string> = {};
  if (queryAt >= 0) {
    for (const pair of beforeHash.slice(queryAt + 1).split('&')) {
      if (!pair) continue;
      const [key = '', raw = ''] = pair.split('=');
      search[decodeURIComponent(key.replace(/\+/g, ' '))] = decodeURIComponent(raw.replace(/\+/g, ' '));
    }
  }
  return { kind: 'internal', pathname, search, hash };
}

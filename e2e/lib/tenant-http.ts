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

/** The site's own links in a page's HTML (root-relative, with their query), without their #anchors. */
export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="(\/[^"#]*)[^"]*"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** The characters React escapes in the text it renders to HTML, as it writes them. */
const REACT_ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The text of a page's first heading of level 1 in its HTML, as a browser shows it, or '' where it has none. */
export function headingOf(html: string): string {
  const inner = /<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner.replace(/<[^>]+>/g, '').replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => REACT_ESCAPES[entity]!).trim();
}

/** The HTML of the first element `tag` (header, footer, main) of a page, or '' where it has none. */
export function regionOf(html: string, tag: 'header' | 'footer' | 'main'): string {
  const start = html.search(new RegExp(`<${tag}[\\s>]`));
  const end = html.indexOf(`</${tag}>`, start);
  return start < 0 || end < 0 ? '' : html.slice(start, end);
}

/** The page a path answers with, following the site's own redirects (/contact → /contact-us). */
export async function followedAnswer(slug: string, path: string): Promise<{ status: number; text: string; path: string }> {
  let current = path;
  for (let hop = 0; hop < 3; hop++) {
    const r = await tenantHttp(slug, current);
    if ((r.status === 301 || r.status === 302) && r.headers.location) {
      const next = new URL(String(r.headers.location), 'http://x');
      current = next.pathname + next.search;
      continue;
    }
    return { status: r.status, text: r.text, path: current };
  }
  throw new Error(`${path}: too many redirects`);
}

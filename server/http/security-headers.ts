import crypto from 'node:crypto';

/*
 * The security headers of every response, in one place so the API, the
 * image routes, the static HTML path and the server-side renderer send the same policy.
 * HTML gets a Content-Security-Policy whose scripts are allowed by a per-request nonce (server
 * rendering) or by the SHA-256 of each inline script (static HTML), never by 'unsafe-inline'.
 * Only the editor's preview origin may frame a page. HSTS is sent only when the request came
 * over HTTPS, since browsers ignore it over HTTP and a local http://*.localhost must keep working.
 */

/** What a response is; decides the Content-Security-Policy. */
export type ResponseKind = 'html' | 'api' | 'asset';

/** Options of securityHeaders. */
export interface SecurityHeaderOptions {
  kind: ResponseKind;
  /** HTML: the per-request nonce put on every inline and module script the renderer writes. */
  nonce?: string | undefined;
  /** HTML: `'sha256-…'` sources of inline scripts already in a static page. */
  scriptHashes?: readonly string[] | undefined;
  /** Whether the request arrived over HTTPS (directly or through a trusted proxy). */
  https: boolean;
  /** Origins allowed to frame pages (the editor preview); none by default. */
  frameAncestors?: readonly string[] | undefined;
  /** HTML: other origins images load from (the tenant's image CDN). */
  imgSources?: readonly string[] | undefined;
  /** HTML: other origins scripts may call (hosted Algolia for tenants on search.backend algolia). */
  connectSources?: readonly string[] | undefined;
  /** HTML: other origins scripts may load from (a tenant's analytics tags). */
  scriptSources?: readonly string[] | undefined;
}

/** Video hosts a car page may embed (external_video_url, spec §3). */
const VIDEO_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** A fresh nonce for one HTML response (128 random bits, base64). */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/**
 * `'sha256-…'` CSP sources for every inline `<script>` (one without `src`) of an HTML page.
 * @param html the page
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '') || (m[2] ?? '') === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2] ?? '').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of a response.
 * @param options kind, nonce or script hashes, and allowed framers
 */
export function contentSecurityPolicy(options: Omit<SecurityHeaderOptions, 'https'>): string {
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'none'";
  if (options.kind !== 'html') return `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`;
  const scripts = ["'self'", ...(options.nonce ? [`'nonce-${options.nonce}'`] : []), ...(options.scriptHashes ?? []), ...(options.scriptSources ?? [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // React style attributes and the tenant theme's CSS variables are inline styles; scripts are not.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(options.imgSources ?? [])].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connectSources ?? [])].join(' '),
    "media-src 'self' blob:",
    `frame-src ${VIDEO_FRAMES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors?.length ? `'self' ${options.frameAncestors.join(' ')}` : "'self'"}`,
  ].join('; ');
}

/**
 * Every security header of one response.
 * @param options what the response is and how the request arrived
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * Origins allowed to frame pages, from FRAME_ANCESTORS (space or comma separated): the editor
 * preview's origin where the editor frames platform pages.
 * @param value the environment value
 */
export function frameAncestorsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\/[a-z0-9.[\]:-]+$/i.test(s));
}

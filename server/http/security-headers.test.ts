import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, frameAncestorsFromEnv, inlineScriptHashes, newNonce, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  test('HTML scripts are allowed by nonce or hash, never unsafe-inline', () => {
    const nonce = newNonce();
    const csp = contentSecurityPolicy({ kind: 'html', nonce });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(scriptSrc).not.toContain('unsafe');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(newNonce()).not.toBe(nonce);
  });

  test('only the editor preview origin may frame a page', () => {
    expect(contentSecurityPolicy({ kind: 'html' })).toContain("frame-ancestors 'self'");
    expect(contentSecurityPolicy({ kind: 'html', frameAncestors: ['http://127.0.0.1:5199'] })).toContain("frame-ancestors 'self' http://127.0.0.1:5199");
    expect(contentSecurityPolicy({ kind: 'api' })).toContain("frame-ancestors 'none'");
    expect(frameAncestorsFromEnv('http://127.0.0.1:5199, javascript:alert(1) *')).toEqual(['http://127.0.0.1:5199']);
  });

  test('inline scripts of a static page are hashed, external ones are not', () => {
    const hashes = inlineScriptHashes('<script>window.a=1</script><script type="module" src="/assets/x.js"></script><script></script>');
    // sha256("window.a=1"), base64
    expect(hashes).toEqual(["'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E='"]);
  });

  test('Referrer-Policy, Permissions-Policy, nosniff always; HSTS only over HTTPS', () => {
    const plain = securityHeaders({ kind: 'api', https: false });
    expect(plain).toMatchObject({ 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' });
    expect(plain['Permissions-Policy']).toContain('camera=()');
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ kind: 'html', https: true })['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });
});

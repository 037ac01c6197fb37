import { describe, expect, test } from 'vitest';
import { arrivedOverHttps, clientAddress, parseTrustedProxies } from './client-address.ts';

describe('client address', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, 192.168.1.4');

  test('X-Forwarded-For from a client that is not a trusted proxy is ignored', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', '1.2.3.4', proxies)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '1.2.3.4', parseTrustedProxies(''))).toBe('203.0.113.9');
  });

  test('behind trusted proxies the right-most untrusted hop is the client', () => {
    // The client wrote "6.6.6.6" itself; the proxy appended the address it saw.
    expect(clientAddress('10.1.2.3', '6.6.6.6, 198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(clientAddress('10.1.2.3', '6.6.6.6, 198.51.100.7, 192.168.1.4', proxies)).toBe('198.51.100.7');
    expect(clientAddress('10.1.2.3', ['6.6.6.6', '198.51.100.7'], proxies)).toBe('198.51.100.7');
  });

  test('garbage in the chain stops the walk at the proxy', () => {
    expect(clientAddress('10.1.2.3', 'not-an-ip', proxies)).toBe('10.1.2.3');
    expect(clientAddress('10.1.2.3', '10.0.0.5, 10.0.0.6', proxies)).toBe('10.1.2.3');
  });

  test('loopback means a proxy on this machine; bad entries are refused', () => {
    const local = parseTrustedProxies('loopback');
    expect(clientAddress('127.0.0.1', '203.0.113.1', local)).toBe('203.0.113.1');
    expect(clientAddress('::1', '203.0.113.1', local)).toBe('203.0.113.1');
    expect(() => parseTrustedProxies('example.com')).toThrow(/TRUSTED_PROXIES/);
  });

  test('HTTPS is believed from TLS or from a trusted proxy only', () => {
    expect(arrivedOverHttps(true, '203.0.113.9', undefined, proxies)).toBe(true);
    expect(arrivedOverHttps(false, '203.0.113.9', 'https', proxies)).toBe(false);
    expect(arrivedOverHttps(false, '10.0.0.1', 'https', proxies)).toBe(true);
    expect(arrivedOverHttps(false, '10.0.0.1', 'http', proxies)).toBe(false);
  });
});

import net from 'node:net';

/*
 * The client address of a request, for rate limits and the lead's ip.
 * X-Forwarded-For is believed only when the connection comes from a configured proxy, and then
 * the right-most address that is not itself a trusted proxy is the client: everything to its
 * left was written by the client and can be anything.
 */

/** Trusted proxy addresses and subnets. */
export interface TrustedProxies {
  /** Whether an address is one of the proxies. */
  has(address: string): boolean;
  /** How many entries are configured (0: X-Forwarded-* are ignored). */
  size: number;
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/**
 * Parses a proxy list: addresses or CIDR subnets, comma or space separated; `loopback` means
 * 127.0.0.1 and ::1 (a proxy on the same machine).
 * @param value e.g. `10.0.0.0/8, 192.168.1.4` or `loopback`
 */
export function parseTrustedProxies(value: string | readonly string[] | undefined): TrustedProxies {
  const list = new net.BlockList();
  let size = 0;
  const entries = (typeof value === 'string' ? value.split(/[\s,]+/) : [...(value ?? [])]).map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      size++;
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    if (!type) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR subnet`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
    size++;
  }
  return {
    size,
    has(address) {
      const a = normalise(address);
      const type = net.isIPv4(a) ? 'ipv4' : net.isIPv6(a) ? 'ipv6' : null;
      return type !== null && list.check(a, type);
    },
  };
}

/**
 * The client address: the socket's peer, or — when the peer is a trusted proxy — the right-most
 * untrusted hop of X-Forwarded-For.
 * @param remote the socket's remote address
 * @param forwardedFor the X-Forwarded-For header(s)
 * @param proxies trusted proxies
 */
export function clientAddress(remote: string | undefined, forwardedFor: string | string[] | undefined, proxies: TrustedProxies): string {
  const peer = normalise(remote ?? 'unknown');
  if (proxies.size === 0 || !proxies.has(peer) || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((h) => normalise(h.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!net.isIP(hop)) return peer; // garbage in the chain: trust nothing further left
    if (!proxies.has(hop)) return hop;
  }
  return peer;
}

/**
 * Whether a request arrived over HTTPS: a TLS socket, or X-Forwarded-Proto https from a trusted proxy.
 * @param encrypted whether the socket itself is TLS
 * @param remote the socket's remote address
 * @param forwardedProto X-Forwarded-Proto
 * @param proxies trusted proxies
 */
export function arrivedOverHttps(encrypted: boolean, remote: string | undefined, forwardedProto: string | string[] | undefined, proxies: TrustedProxies): boolean {
  if (encrypted) return true;
  if (proxies.size === 0 || !proxies.has(remote ?? '')) return false;
  const proto = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  return proto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

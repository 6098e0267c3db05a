import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Who is asking, as far as we can prove it.
 *
 * The socket peer is the only address nobody can forge. X-Forwarded-For is believed only when
 * that peer is one of our own proxies (TRUSTED_PROXIES: the host server); then we walk the
 * header from the right, skipping our own proxies, and take the first address that is not
 * one: everything left of it was written by the client and proves nothing. An entry that is not
 * an IP address (free text, `unknown`, a port) ends the walk and the last proven address is
 * used. Anyone who reaches a service directly is therefore known by their socket address,
 * whatever headers they send.
 *
 * Hand-written rather than `proxy-addr` (Express's): it is the same algorithm in a few lines
 * over node's own BlockList, without a dependency for the services.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  /** Entries are IPs or CIDRs (`127.0.0.1/8`, `::1`, `172.28.0.10`), validated by config. */
  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
    this.empty = entries.length === 0;
  }

  has(address: string): boolean {
    const ip = normalizeIp(address);
    const family = isIP(ip);
    return family !== 0 && this.list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; a zone id (`fe80::1%eth0`) is dropped; anything else unchanged. */
export function normalizeIp(address: string): string {
  const a = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return mapped ? (mapped[1] as string) : a;
}

/** Proxies of our own in a row that a request may pass (host, perhaps a load balancer in front). */
const MAX_HOPS = 8;

/** The client's address: see the class comment. `unknown` only without a socket (in-process calls). */
export function clientIp(request: Request, req: IncomingMessage | undefined, proxies: TrustedProxies): string {
  const peer = req?.socket?.remoteAddress;
  if (!peer || isIP(normalizeIp(peer)) === 0) return 'unknown';
  let address = normalizeIp(peer);
  if (!proxies.has(address)) return address;
  const header = request.headers.get('x-forwarded-for');
  if (!header) return address;
  // only the right-hand end matters (what our proxies wrote), read from the right: a long header costs no more
  let end = header.length;
  for (let n = 0; n < MAX_HOPS && end >= 0; n++) {
    const start = header.lastIndexOf(',', end - 1);
    const hop = normalizeIp(header.slice(start + 1, end));
    if (isIP(hop) === 0) break;
    address = hop;
    if (!proxies.has(hop)) break;
    end = start;
  }
  return address;
}

/**
 * The key a rate limit counts a client under. One IPv6 subscriber gets a whole /64 (2⁶⁴
 * addresses), so IPv6 is counted per /64; IPv4 (also written as IPv4-mapped IPv6) per address.
 */
export function rateLimitKey(ip: string): string {
  const a = normalizeIp(ip);
  if (isIP(a) !== 6) return a;
  return `${expandIPv6(a).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let a = address.toLowerCase();
  // a trailing dotted IPv4 part (`::1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, v4.index)}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  const [head = '', tail] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => Number.parseInt(g, 16).toString(16));
}

/** Validates one TRUSTED_PROXIES entry: an IP address, or one with a prefix length. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 6 ? 128 : 32);
}

import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` → `1.2.3.4`; a zone id (`fe80::1%eth0`) is dropped; anything else unchanged. */
function normalizeIp(address: string): string {
  const a = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return mapped ? (mapped[1] as string) : a;
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
  // a trailing dotted IPv4 part (`::1.2.3.4`) is two groups
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

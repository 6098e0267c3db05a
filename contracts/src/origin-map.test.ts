import { describe, expect, it } from 'vitest';
import { internalUrl, parseOriginMap } from './origin-map.ts';

describe('RELEASE_CHECK_ORIGIN_MAP', () => {
  const compose =
    'http://localhost:3000/=http://host:3000, http://localhost:3001=http://mf-catalog:3001,https://shop.example=http://host:3000,';

  it('reads public=internal pairs (spaces, a trailing slash and empty entries allowed; unset is no map)', () => {
    expect(parseOriginMap(compose)).toEqual([
      ['http://localhost:3000', 'http://host:3000'],
      ['http://localhost:3001', 'http://mf-catalog:3001'],
      ['https://shop.example', 'http://host:3000'],
    ]);
    expect(parseOriginMap(undefined)).toEqual([]);
    expect(parseOriginMap(' ')).toEqual([]);
    // written as the URLs being mapped are: scheme and host in lower case, no default port
    expect(parseOriginMap('HTTP://LocalHost:80=https://Host:443')).toEqual([['http://localhost', 'https://host']]);
  });

  it.each([
    ['http://localhost:3001', '«http://localhost:3001» is not public-origin=internal-origin'],
    ['http://localhost:3001=', 'is not public-origin=internal-origin'],
    ['a=b=c', 'is not public-origin=internal-origin'],
    ['localhost:3001=http://mf-catalog:3001', '«localhost:3001» is not an http(s) origin'],
    ['http://localhost:3001=mf-catalog', '«mf-catalog» is not a URL'],
    ['ftp://localhost:3001=http://mf-catalog:3001', 'is not an http(s) origin'],
    ['http://localhost:3001/static=http://mf-catalog:3001', 'has a path, a query or a fragment'],
    ['http://localhost:3001=http://mf-catalog:3001/x', '«http://mf-catalog:3001/x» has a path'],
    ['http://localhost:3001?a=http://mf-catalog:3001', '«http://localhost:3001?a» has a path, a query'],
    ['http://localhost:3001#x=http://mf-catalog:3001', 'has a path, a query or a fragment'],
    ['http://user@localhost:3001=http://mf-catalog:3001', 'carries a user name or password'],
    [
      'http://localhost:3001=http://mf-catalog:3001,http://localhost:3001/=http://mf-product:3002',
      'the public origin http://localhost:3001 is mapped twice',
    ],
  ])('refuses %s, naming the variable and what is wrong', (text, message) => {
    expect(() => parseOriginMap(text)).toThrow(`RELEASE_CHECK_ORIGIN_MAP: `);
    expect(() => parseOriginMap(text)).toThrow(message);
  });

  it('maps an origin whole, keeping the path, query and fragment', () => {
    const map = parseOriginMap(compose);
    expect(internalUrl(map, 'http://localhost:3000')).toBe('http://host:3000');
    expect(internalUrl(map, 'http://localhost:3000/order/SH-22222?key=x#pay')).toBe(
      'http://host:3000/order/SH-22222?key=x#pay',
    );
    expect(internalUrl(map, 'http://localhost:3000?q=1')).toBe('http://host:3000?q=1');
    expect(internalUrl(map, 'http://localhost:3001/1.0.0/remoteEntry.js')).toBe(
      'http://mf-catalog:3001/1.0.0/remoteEntry.js',
    );
  });

  it('leaves a URL of another origin as it is (another port, scheme or host)', () => {
    const map = parseOriginMap(compose);
    for (const url of [
      'http://localhost:30001/x.js',
      'https://localhost:3000/',
      'http://localhost/',
      'http://127.0.0.1:3000/',
      'http://localhost:3000.evil.example/x.js',
    ]) {
      expect(internalUrl(map, url)).toBe(url);
    }
    expect(internalUrl([], 'http://localhost:3000/x')).toBe('http://localhost:3000/x');
  });

  it('changes the scheme with the origin: an https public address reached over http, and the reverse', () => {
    const map = parseOriginMap(
      'https://shop.example=http://host:3000,http://localhost:3002=https://mf-product.internal',
    );
    expect(internalUrl(map, 'https://shop.example/catalog/shoes?page=2')).toBe('http://host:3000/catalog/shoes?page=2');
    expect(internalUrl(map, 'http://localhost:3002/1.0.0/mf-manifest.json')).toBe(
      'https://mf-product.internal/1.0.0/mf-manifest.json',
    );
  });
});

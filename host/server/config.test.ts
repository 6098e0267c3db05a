import { describe, expect, it } from 'vitest';
import { DEMO_CONTACTS, defaultSsrConcurrency, readConfig } from './config.ts';
import { apiPath } from './proxy.ts';

describe('host configuration', () => {
  it('takes the public origin from SHOP_PUBLIC_URL, defaulting to localhost on the host port', () => {
    expect(readConfig({ HOST_PORT: '3500' }).publicUrl).toBe('http://localhost:3500');
    expect(readConfig({ HOST_PORT: '3500', PUBLIC_HOSTNAME: 'shop.lan' }).publicUrl).toBe('http://shop.lan:3500');
    expect(readConfig({ SHOP_PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('refuses a public or API URL that is not a plain http(s) origin', () => {
    for (const value of ['shop.example', 'javascript:alert(1)', 'ftp://shop.example', 'https://shop.example/shop', 'https://user@shop.example', 'https://shop.example?x=1']) {
      expect(() => readConfig({ SHOP_PUBLIC_URL: value }), value).toThrow(/SHOP_PUBLIC_URL/);
      expect(() => readConfig({ API_URL: value }), value).toThrow(/API_URL/);
    }
  });

  it('takes the release service from RELEASE_URL, the API for an older deployment without one', () => {
    expect(readConfig({ API_URL: 'http://api:4000', RELEASE_URL: 'http://release:4100/' }).releaseUrl).toBe('http://release:4100');
    expect(readConfig({ API_URL: 'http://api:4000' }).releaseUrl).toBe('http://api:4000');
    expect(() => readConfig({ RELEASE_URL: 'https://release.example/x' })).toThrow(/RELEASE_URL/);
  });

  it('hears registry changes on REDIS_URL when given, and refuses anything but a redis URL', () => {
    expect(readConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(readConfig({}).redisUrl).toBeUndefined();
    for (const value of ['cache:6379', 'http://cache:6379', 'redis://a b']) expect(() => readConfig({ REDIS_URL: value }), value).toThrow(/REDIS_URL/);
  });

  // the map itself is @shop/contracts/origin-map's (contracts/src/origin-map.test.ts): here only that
  // the server renderer gets the API's map, read by the same code, and a malformed one stops the start
  it('hands RELEASE_CHECK_ORIGIN_MAP to the server renderer, refusing a malformed map', () => {
    const env = { RELEASE_CHECK_ORIGIN_MAP: 'http://localhost:3001/=http://mf-catalog:3001' };
    expect(readConfig(env).ssr?.originMap).toEqual([['http://localhost:3001', 'http://mf-catalog:3001']]);
    expect(readConfig({}).ssr?.originMap).toEqual([]);
    expect(() => readConfig({ RELEASE_CHECK_ORIGIN_MAP: 'http://localhost:3001=mf-catalog' })).toThrow(
      /^RELEASE_CHECK_ORIGIN_MAP: «mf-catalog»/,
    );
  });

  it('admits SSR_CONCURRENCY renders (2–4 from the cores), waiting SSR_QUEUE_MS, while the loop is below SSR_MAX_LOOP_UTILIZATION', () => {
    expect([1, 2, 3, 16].map((cores) => defaultSsrConcurrency(cores))).toEqual([2, 2, 3, 4]);
    expect(readConfig({}).ssr).toMatchObject({ concurrency: defaultSsrConcurrency(), queueMs: 250, maxLoopUtilization: 0.9 });
    expect(readConfig({ SSR_CONCURRENCY: '1', SSR_QUEUE_MS: '0', SSR_MAX_LOOP_UTILIZATION: '1' }).ssr).toMatchObject({ concurrency: 1, queueMs: 0, maxLoopUtilization: 1 });
    expect(() => readConfig({ SSR_CONCURRENCY: '0' })).toThrow(/SSR_CONCURRENCY/);
    expect(() => readConfig({ SSR_QUEUE_MS: '-1' })).toThrow(/SSR_QUEUE_MS/);
    for (const value of ['0', '1.5', '90', 'x']) expect(() => readConfig({ SSR_MAX_LOOP_UTILIZATION: value }), value).toThrow(/SSR_MAX_LOOP_UTILIZATION/);
  });

  it('keeps the ops API and source maps closed unless switched on', () => {
    expect(readConfig({})).toMatchObject({ proxyOps: false, serveSourceMaps: false });
    expect(readConfig({ HOST_PROXY_OPS: '1', SERVE_SOURCE_MAPS: '1' })).toMatchObject({ proxyOps: true, serveSourceMaps: true });
    expect(apiPath('/api/ops/registry', '', false)).toMatchObject({ ok: false, status: 404 });
    expect(apiPath('/api/ops/registry', '?x=1', true)).toEqual({ ok: true, path: '/api/ops/registry?x=1' });
  });

  it('ships demo contacts; CONTACT_* replaces one and an explicit empty value hides it', () => {
    expect(readConfig({}).contacts).toEqual({ ...DEMO_CONTACTS });
    expect(readConfig({ CONTACT_EMAIL: 'help@shop.ru' }).contacts).toEqual({ ...DEMO_CONTACTS, email: 'help@shop.ru' });
    expect(readConfig({ CONTACT_WHATSAPP: '', CONTACT_TELEGRAM: '  ' }).contacts).toEqual({ email: DEMO_CONTACTS.email });
    expect(readConfig({ CONTACT_WHATSAPP: '', CONTACT_TELEGRAM: '', CONTACT_EMAIL: '' }).contacts).toEqual({});
  });
});

// Guards the committed schema (the front end generates its types from it) and config validation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUBLISHED_CONSENT_VERSION } from '../src/config.ts';
import { printSchemaSdl } from '../src/graphql/print-schema.ts';

describe('schema.graphql', () => {
  it('is up to date (run `npm run schema:print -w @shop/api`)', () => {
    const committed = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printSchemaSdl());
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 4000, host: '127.0.0.1', databaseUrl: undefined, catalogSeed: 'small', shopPublicUrl: 'http://localhost:3000', trustedProxies: ['127.0.0.1/8', '::1'], orderRateLimit: 10, allowedProperties: ['size'] });
    expect(c.pgliteDir).toMatch(/api\/\.data\/pglite$/);
  });

  it('accepts by default exactly the consent version the checkout shows (mf-cart CONSENT_VERSION)', () => {
    const text = readFileSync(new URL('../../mf-cart/src/checkout/consent-text.ts', import.meta.url), 'utf8');
    expect(/CONSENT_VERSION = '([^']+)'/.exec(text)?.[1]).toBe(PUBLISHED_CONSENT_VERSION);
    expect(loadConfig({}).consentVersions).toEqual([PUBLISHED_CONSENT_VERSION]);
    expect(loadConfig({ CONSENT_VERSIONS: '2025-09-01, 2026-01-15' }).consentVersions).toEqual(['2025-09-01', '2026-01-15']);
  });

  it('reads TRUSTED_PROXIES, and maps the old TRUST_PROXY=false to trusting no one', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '172.28.0.10, 10.0.0.0/8,fd00::/8' }).trustedProxies).toEqual(['172.28.0.10', '10.0.0.0/8', 'fd00::/8']);
    expect(loadConfig({ TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false', TRUSTED_PROXIES: '127.0.0.1' }).trustedProxies).toEqual(['127.0.0.1']);
  });

  it.each([
    ['API_PORT', 'abc', /API_PORT/],
    ['API_PORT', '70000', /API_PORT/],
    ['CATALOG_SEED', 'huge', /CATALOG_SEED.*small, large or none/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL/],
    ['REDIS_URL', 'http://cache:6379', /REDIS_URL.*redis:/],
    ['SHOP_PUBLIC_URL', 'shop.ru', /SHOP_PUBLIC_URL/],
    ['TRUST_PROXY', 'maybe', /TRUST_PROXY/],
    ['TRUSTED_PROXIES', '10.0.0.0/33', /TRUSTED_PROXIES/],
    ['TRUSTED_PROXIES', 'host', /TRUSTED_PROXIES/],
    ['CONSENT_VERSIONS', 'x y', /CONSENT_VERSIONS/],
    ['ORDER_RATE_LIMIT', '0', /ORDER_RATE_LIMIT/],
  ])('rejects %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

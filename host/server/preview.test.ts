// Guards preview links on the host server: only a token signed with PREVIEW_SECRET, not expired,
// for a remote the registry serves and a manifest on an origin it already uses, puts a
// candidate release in front of that one browser (inline state, /registry.json, CSP, no-store);
// forged, expired, other-origin and unknown-remote tokens change nothing for anybody.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { previewTokens } from '@shop/contracts/preview-token';
import { HOST_BUILD_HEADER } from '@shop/contracts/release-plane';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostServer } from './app.ts';
import { verifyPreview } from './preview.ts';

const SECRET = 'test-preview-secret-0123456789';
const ACTIVE = 'http://cdn.test:3001/0.1.0-a/mf-manifest.json';
const CANDIDATE = 'http://cdn.test:3001/0.1.0-b/mf-manifest.json';

/** Signed as the API signs (@shop/contracts/preview-token with Node's HMAC, written here on its own). */
const tokens = previewTokens((key, message) => createHmac('sha256', key).update(message).digest('base64url'));
function sign(claims: { r: string; v: string; m: string; exp: number }, secret = SECRET): string {
  return tokens.sign(secret, { remote: claims.r, version: claims.v, manifestUrl: claims.m, exp: claims.exp });
}
const soon = () => Math.floor(Date.now() / 1000) + 600;
const good = () => sign({ r: 'mf_catalog', v: '0.1.0-b', m: CANDIDATE, exp: soon() });

let host: http.Server;
let base = '';
let distDir = '';

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'host-preview-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><!--app-state--></body></html>',
  );
  host = await createHostServer({
    port: 0,
    bind: '127.0.0.1',
    // nothing answers there: pages are served as the 503 shell, with their registry and CSP
    apiUrl: 'http://127.0.0.1:9',
    publicUrl: 'https://shop.example',
    proxyOps: false,
    serveSourceMaps: false,
    distDir,
    registryJson: { mf_catalog: ACTIVE, mf_cart: 'http://cdn.test:3003/0.1.0-c/mf-manifest.json' },
    registryTtlMs: 1000,
    shopName: 'Оригинал',
    dev: false,
    contacts: {},
    marketplace: 'Poizon',
    previewSecret: SECRET,
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

const registryWith = async (token?: string) =>
  (await (
    await fetch(`${base}/registry.json`, {
      headers: token ? { cookie: `visitor_id=visitor-0001; shop_preview=${token}` } : {},
    })
  ).json()) as Record<string, string>;

describe('preview links', () => {
  it('a signed link sets an HttpOnly cookie and sends the browser to the page asked for', async () => {
    const res = await fetch(`${base}/__preview?token=${good()}&next=/catalog/obuv`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/catalog/obuv');
    expect(res.headers.get('set-cookie')).toMatch(
      /^shop_preview=p1\.[^;]+; Max-Age=(59\d|600); Path=\/; HttpOnly; SameSite=Lax/,
    );
    const offSite = await fetch(`${base}/__preview?token=${good()}&next=//evil.example`, { redirect: 'manual' });
    expect(offSite.headers.get('location')).toBe('/');
  });

  it('the cookie puts the candidate in that browser’s registry, page state and CSP, never cached; others keep the active release', async () => {
    expect((await registryWith(good())).mf_catalog).toBe(CANDIDATE);
    expect((await registryWith()).mf_catalog).toBe(ACTIVE);
    const page = await fetch(`${base}/`, { headers: { cookie: `visitor_id=visitor-0001; shop_preview=${good()}` } });
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(CANDIDATE);
    expect(html).toContain('"preview":{"remote":"mf_catalog","version":"0.1.0-b"}');
    const plain = await fetch(`${base}/`, { headers: { cookie: 'visitor_id=visitor-0001' } });
    expect(plain.headers.get('cache-control')).not.toBe('no-store');
    expect(await plain.text()).not.toContain('"preview"');
  });

  it('refuses forged, expired, unknown-remote and other-origin tokens: 400 on the link, the active release for the cookie', async () => {
    const forged = sign({ r: 'mf_catalog', v: '0.1.0-b', m: CANDIDATE, exp: soon() }, 'another-secret-0123456789');
    const tampered = good().replace(
      /\.([^.]+)\./,
      (_m, p: string) =>
        `.${Buffer.from(Buffer.from(p, 'base64url').toString().replace('0.1.0-b', '0.1.0-x')).toString('base64url')}.`,
    );
    const expired = sign({ r: 'mf_catalog', v: '0.1.0-b', m: CANDIDATE, exp: Math.floor(Date.now() / 1000) - 1 });
    const elsewhere = sign({
      r: 'mf_catalog',
      v: '6.6.6',
      m: 'https://cdn.attacker.example/x/mf-manifest.json',
      exp: soon(),
    });
    const unknown = sign({ r: 'mf_evil', v: '1.0.0', m: CANDIDATE, exp: soon() });
    const script = sign({ r: 'mf_catalog', v: '1.0.0', m: 'javascript:alert(1)', exp: soon() });
    for (const token of [forged, tampered, expired, elsewhere, unknown, script, 'p1.e30.x', '']) {
      const res = await fetch(`${base}/__preview?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
      expect(res.status, token).toBe(400);
      expect(await res.text()).toContain('Ссылка предпросмотра недействительна');
      expect(await registryWith(token), token).toEqual({
        mf_catalog: ACTIVE,
        mf_cart: 'http://cdn.test:3003/0.1.0-c/mf-manifest.json',
      });
    }
    const csp = (await fetch(`${base}/`, { headers: { cookie: `shop_preview=${elsewhere}` } })).headers.get(
      'content-security-policy',
    );
    expect(csp).not.toContain('attacker');
  });

  it('a token for one remote replaces only that remote', async () => {
    const cart = sign({ r: 'mf_cart', v: '0.1.0-d', m: 'http://cdn.test:3003/0.1.0-d/mf-manifest.json', exp: soon() });
    expect(await registryWith(cart)).toEqual({
      mf_catalog: ACTIVE,
      mf_cart: 'http://cdn.test:3003/0.1.0-d/mf-manifest.json',
    });
  });

  it('/__preview?end=1 clears the cookie', async () => {
    const res = await fetch(`${base}/__preview?end=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie')).toMatch(/^shop_preview=; Max-Age=0/);
  });
});

// The format and its refusals are @shop/contracts/preview-token's (its test has this vector); here
// only that this server verifies with the HMAC the API signs with (api/test/release-preview.test.ts).
it('verifies the token the API signs for the shared test vector', () => {
  const GOLDEN =
    'p1.eyJyIjoibWZfY2FydCIsInYiOiIxLjIuMyIsIm0iOiJodHRwOi8vY2RuLnRlc3Q6MzAwMy8xLjIuMy9tZi1tYW5pZmVzdC5qc29uIiwiZXhwIjoyMDAwMDAwMDAwfQ.78ncNaF2jAJpISeryh5r3njHdz7ZrcJ4HV9fFpQp4Ho';
  expect(verifyPreview('preview-secret-for-tests-0123456789', GOLDEN, 1_900_000_000_000)).toEqual({
    remote: 'mf_cart',
    version: '1.2.3',
    manifestUrl: 'http://cdn.test:3003/1.2.3/mf-manifest.json',
    exp: 2_000_000_000,
  });
  expect(verifyPreview('another-secret-0123456789', GOLDEN, 1_900_000_000_000)).toBeNull();
});

describe('the host names its build', () => {
  it('/registry.json says which build of the host answers (the release smoke reuses a pass only on the same one)', async () => {
    const build = (await fetch(`${base}/registry.json`)).headers.get(HOST_BUILD_HEADER);
    expect(build).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the same for every visitor and for a preview: it names the host, not the registry
    expect((await fetch(`${base}/registry.json`, { headers: { cookie: `shop_preview=${good()}` } })).headers.get(HOST_BUILD_HEADER)).toBe(build);
  });
});

// Guards preview links and the smoke's own switch: POST /api/ops/registry/preview signs a link
// to a published release, only for a token that may release that remote, with the stored
// manifest (never one the caller names) (the token's format, shared with the host that verifies
// it: @shop/contracts/preview-token and its test); the
// browser smoke refuses every release when it is not configured, unless RELEASE_SMOKE=off.
import { expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { tokenHash as sha256 } from '@shop/server-kit';
import { releaseTokens, remoteReleases } from '../src/registry/registry-tables.ts';
import { signPreview, verifyPreview } from '../src/registry/preview-token.ts';
import { smokeCheck } from '../src/registry/smoke.ts';
import { describeDrivers } from './test-env.ts';

const OPS = 'test-ops-token-0123456789';
const TEAM = 'rt_catalog-team-token-0123456789';
const CART_TEAM = 'rt_cart-team-token-0123456789';
const SECRET = 'preview-secret-for-tests-0123456789';
const MANIFEST = 'http://cdn.test:3001/0.1.0-b/mf-manifest.json';

describeDrivers(
  'preview links',
  (env) => {
    const preview = (body: unknown, token = OPS) =>
      env().request('/api/ops/registry/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });

    it('setup: a published catalog release and two team tokens', async () => {
      const db = env().database.db;
      await db
        .insert(remoteReleases)
        .values({ remote: 'mf_catalog', version: '0.1.0-b', manifestUrl: MANIFEST, createdBy: 'catalog-ci' });
      await db.insert(releaseTokens).values([
        { name: 'catalog-ci', remote: 'mf_catalog', tokenSha256: sha256(TEAM) },
        { name: 'cart-ci', remote: 'mf_cart', tokenSha256: sha256(CART_TEAM) },
      ]);
    });

    it('signs a link on the shop to the stored manifest, for the ops token and the remote’s own team', async () => {
      for (const token of [OPS, TEAM]) {
        const res = await preview({ remote: 'mf_catalog', version: '0.1.0-b', next: '/catalog' }, token);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const body = (await res.json()) as { url: string; expiresAt: string };
        const url = new URL(body.url);
        expect(`${url.origin}${url.pathname}`).toBe('https://shop.test/__preview');
        expect(url.searchParams.get('next')).toBe('/catalog');
        const claims = verifyPreview(SECRET, url.searchParams.get('token') ?? '');
        expect(claims).toMatchObject({ remote: 'mf_catalog', version: '0.1.0-b', manifestUrl: MANIFEST });
        const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
        expect(minutes).toBeGreaterThan(58);
        expect(minutes).toBeLessThanOrEqual(60);
      }
    });

    it('refuses a wrong token (401), another remote’s team (403), an unpublished release (404), a bad body or next (400)', async () => {
      expect((await preview({ remote: 'mf_catalog', version: '0.1.0-b' }, '')).status).toBe(401);
      expect((await preview({ remote: 'mf_catalog', version: '0.1.0-b' }, 'rt_wrong')).status).toBe(401);
      const other = await preview({ remote: 'mf_catalog', version: '0.1.0-b' }, CART_TEAM);
      expect(other.status).toBe(403);
      expect(((await other.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe(
        'RELEASE_FORBIDDEN',
      );
      expect((await preview({ remote: 'mf_catalog', version: '9.9.9' })).status).toBe(404);
      expect((await preview({ remote: 'mf_nonexistent', version: '0.1.0-b' })).status).toBe(400);
      expect((await preview({ remote: 'mf_catalog', version: '0.1.0-b', next: '//evil.example' })).status).toBe(400);
      expect(
        (
          await preview({
            remote: 'mf_catalog',
            version: '0.1.0-b',
            manifestUrl: 'https://cdn.attacker.example/x/mf-manifest.json',
          })
        ).status,
      ).toBe(200);
      const chosen = (await (
        await preview({
          remote: 'mf_catalog',
          version: '0.1.0-b',
          manifestUrl: 'https://cdn.attacker.example/x/mf-manifest.json',
        })
      ).json()) as { url: string };
      expect(verifyPreview(SECRET, new URL(chosen.url).searchParams.get('token') ?? '')?.manifestUrl).toBe(MANIFEST);
    });
  },
  { opsToken: OPS, smoke: { ...testConfig().smoke, previewSecret: SECRET } },
);

describeDrivers(
  'preview links without a secret',
  (env) => {
    it('answers 503 and says PREVIEW_SECRET is not set', async () => {
      const res = await env().request('/api/ops/registry/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${OPS}` },
        body: JSON.stringify({ remote: 'mf_catalog', version: '0.1.0-b' }),
      });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('PREVIEW_SECRET');
    });
  },
  { opsToken: OPS },
);

it('the smoke refuses when it is not configured, and passes (saying so) only with RELEASE_SMOKE=off', async () => {
  const check = smokeCheck(null as never);
  const release = { remote: 'mf_catalog', version: '0.1.0-b', manifestUrl: MANIFEST };
  const base = testConfig();
  const on = await check(release, { config: { ...base, smoke: { ...base.smoke, off: false } } });
  expect(on.ok).toBe(false);
  expect(on.reason).toContain('SMOKE_HOST_URL');
  expect(on.reason).toContain('RELEASE_SMOKE=off');
  const off = await check(release, { config: { ...base, smoke: { ...base.smoke, off: true } } });
  expect(off).toMatchObject({ check: 'smoke', ok: true });
  expect(off.reason).toContain('пропущена');
});

// The format and its refusals are @shop/contracts/preview-token's (its test has this vector and the
// refusals); here only that the API hands in the HMAC the host verifies with (host/server/preview.test.ts).
it('signs the shared test vector with Node’s HMAC', () => {
  const claims = {
    remote: 'mf_cart',
    version: '1.2.3',
    manifestUrl: 'http://cdn.test:3003/1.2.3/mf-manifest.json',
    exp: 2_000_000_000,
  };
  expect(signPreview(SECRET, claims)).toBe(
    'p1.eyJyIjoibWZfY2FydCIsInYiOiIxLjIuMyIsIm0iOiJodHRwOi8vY2RuLnRlc3Q6MzAwMy8xLjIuMy9tZi1tYW5pZmVzdC5qc29uIiwiZXhwIjoyMDAwMDAwMDAwfQ.78ncNaF2jAJpISeryh5r3njHdz7ZrcJ4HV9fFpQp4Ho',
  );
});

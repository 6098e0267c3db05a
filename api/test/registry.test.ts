// Guards the registry of remote releases: public reads, ops-token changes, immutable
// releases, activation, canary and promote, and a record of every change.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

const TOKEN = 'test-ops-token-0123456789';

describeDrivers(
  'remote registry',
  (env) => {
    const ops = (route: string, body?: unknown, token = TOKEN) =>
      env().request(`/api/ops/registry${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const publicState = async () => ((await (await env().request('/api/registry')).json()) as { remotes: Record<string, unknown> }).remotes;
    const manifest = (v: string) => `http://cdn.test/mf_cart/${v}/mf-manifest.json`;

    it('refuses every change without the right token, and reads stay public', async () => {
      expect((await ops('/releases', { remote: 'mf_cart', version: '1.0.0-a', manifestUrl: manifest('1.0.0-a'), by: 'x' }, '')).status).toBe(401);
      expect((await ops('/releases', { remote: 'mf_cart', version: '1.0.0-a', manifestUrl: manifest('1.0.0-a'), by: 'x' }, 'wrong')).status).toBe(401);
      expect((await ops('')).status).toBe(200);
      expect((await env().request('/api/registry')).headers.get('cache-control')).toBe('no-store');
      expect(await publicState()).toEqual({});
    });

    it('publishes immutable releases, activates one, and records who did what', async () => {
      expect((await ops('/releases', { remote: 'mf_cart', version: '1.0.0-a', manifestUrl: manifest('1.0.0-a'), by: 'cart-team' })).status).toBe(200);
      expect((await ops('/releases', { remote: 'mf_cart', version: '1.0.0-a', manifestUrl: manifest('1.0.0-a'), by: 'cart-team' })).status).toBe(200);
      const changed = await ops('/releases', { remote: 'mf_cart', version: '1.0.0-a', manifestUrl: manifest('other'), by: 'cart-team' });
      expect(changed.status).toBe(400);
      expect(((await changed.json()) as { errors: { message: string }[] }).errors[0]?.message).toContain('релизы неизменяемы');
      expect((await ops('/activate', { remote: 'mf_cart', version: '1.0.0-a', by: 'ops-anna' })).status).toBe(200);
      expect(await publicState()).toEqual({ mf_cart: { active: { version: '1.0.0-a', manifestUrl: manifest('1.0.0-a') }, canary: null } });
      const status = (await (await ops('')).json()) as { remotes: { name: string; active: { activatedBy: string }; history: { action: string; by: string }[] }[] };
      const cart = status.remotes.find((r) => r.name === 'mf_cart');
      expect(cart?.active.activatedBy).toBe('ops-anna');
      expect(cart?.history.map((h) => `${h.action}:${h.by}`)).toEqual(['activate:ops-anna', 'publish:cart-team']);
    });

    it('refuses to activate an unpublished version and changes nothing', async () => {
      const res = await ops('/activate', { remote: 'mf_cart', version: '9.9.9-x', by: 'ops' });
      expect(res.status).toBe(404);
      expect(((await publicState()) as { mf_cart: { active: { version: string } } }).mf_cart.active.version).toBe('1.0.0-a');
    });

    it('runs a canary beside the active release and promotes it', async () => {
      await ops('/releases', { remote: 'mf_cart', version: '1.1.0-b', manifestUrl: manifest('1.1.0-b'), by: 'cart-team' });
      expect((await ops('/canary', { remote: 'mf_cart', version: '1.1.0-b', percent: 120, by: 'ops' })).status).toBe(400);
      expect((await ops('/canary', { remote: 'mf_cart', version: '1.1.0-b', percent: 25, by: 'ops' })).status).toBe(200);
      expect((await publicState()).mf_cart).toEqual({
        active: { version: '1.0.0-a', manifestUrl: manifest('1.0.0-a') },
        canary: { version: '1.1.0-b', manifestUrl: manifest('1.1.0-b'), percent: 25 },
      });
      expect((await ops('/promote', { remote: 'mf_cart', by: 'ops' })).status).toBe(200);
      expect((await publicState()).mf_cart).toEqual({ active: { version: '1.1.0-b', manifestUrl: manifest('1.1.0-b') }, canary: null });
      expect((await ops('/promote', { remote: 'mf_cart', by: 'ops' })).status).toBe(400);
    });

    it('rejects malformed changes with a reason', async () => {
      const res = await ops('/releases', { remote: 'evil; drop table', version: '../x', manifestUrl: 'javascript:alert(1)', by: '' });
      expect(res.status).toBe(400);
      const [error] = ((await res.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors;
      expect(error?.extensions.code).toBe('BAD_REQUEST');
      expect(error?.message).toMatch(/remote/);
      expect((await ops('/nope', {})).status).toBe(404);
    });
  },
  { opsToken: TOKEN },
);

describeDrivers('remote registry without an ops token configured', (env) => {
  it('refuses every ops action', async () => {
    const res = await env().request('/api/ops/registry', { headers: { authorization: 'Bearer anything' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: [{ message: 'Ops-доступ выключен: у API не задан OPS_TOKEN', extensions: { code: 'OPS_DISABLED' } }] });
  });
});

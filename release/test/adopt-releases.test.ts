// A fresh deployment's first releases (RELEASE_ADOPT): the release a remote's image brought is
// published and activated through the gate when the remote has none active; a remote with an
// active release keeps it; a release the static checks refuse stays refused and is said so.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exposesOf } from '@shop/contracts/remotes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { ADOPTED_BY, adoptReleases } from '../src/registry/adopt-releases.ts';
import { RegistryRepo } from '../src/registry/registry-repo.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

/** What the fake release storage serves: path → body; anything else is 404. */
const files = new Map<string, string>();
const shared = [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' }];
let server: Server;
let cdn = '';
let env: TestEnv;

/** A mf_cart release on the storage, every module of the contract table there (or its entry missing). */
function release(version: string, options: { withoutEntry?: boolean } = {}) {
  const names = Object.keys(exposesOf('mf_cart')).map((key) => key.replace(/^\.\//, ''));
  const exposes = names.map((name) => ({ name, path: `./${name}`, assets: { js: { sync: [`${name}.js`], async: [] }, css: { sync: [], async: [] } } }));
  const base = `/mf_cart/${version}`;
  files.set(`${base}/mf-manifest.json`, JSON.stringify({ name: 'mf_cart', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes, shared }));
  if (!options.withoutEntry) files.set(`${base}/remoteEntry.js`, '/* entry */');
  for (const name of names) files.set(`${base}/${name}.js`, '/* module */');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cdn = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  files.set('/host/mf-manifest.json', JSON.stringify({ name: 'host', exposes: [], shared }));
  env = await createTestEnv('pglite');
});
afterAll(async () => {
  await env?.close();
  server?.close();
});

function configFor(adopt: Record<string, string>) {
  const base = testConfig();
  return testConfig({
    release: { ...base.release, hostUrl: `${cdn}/host`, origins: [cdn], originsExplicit: true },
    releases: { ...base.releases, publicUrls: { ...base.releases.publicUrls, mf_cart: `${cdn}/mf_cart` }, adopt },
  });
}

it('activates the image’s release of a remote that has none, through the gate, and leaves an active one alone', async () => {
  release('0.1.0-compose');
  const lines: string[] = [];
  await adoptReleases(env.database.db, configFor({ mf_cart: '0.1.0-compose' }), { log: (line) => lines.push(line), retryMs: 10 }).done;
  const repo = new RegistryRepo(env.database.db);
  const [state] = await repo.status('mf_cart');
  expect(state?.active).toMatchObject({ version: '0.1.0-compose', activatedBy: ADOPTED_BY, manifestUrl: `${cdn}/mf_cart/0.1.0-compose/mf-manifest.json` });
  expect(state?.releases.find((r) => r.version === '0.1.0-compose')?.status).toBe('checked');
  expect(state?.history.map((e) => e.action)).toEqual(expect.arrayContaining(['publish', 'activate']));
  expect(lines.join('\n')).toMatch(/0\.1\.0-compose from the image is active/);

  // a later start with another image: the shop keeps the release ops or a team chose
  release('0.1.0-compose2');
  await adoptReleases(env.database.db, configFor({ mf_cart: '0.1.0-compose2' }), { log: () => undefined, retryMs: 10 }).done;
  const [after] = await repo.status('mf_cart');
  expect(after?.active?.version).toBe('0.1.0-compose');
  expect(after?.releases.map((r) => r.version)).not.toContain('0.1.0-compose2');
});

it('a release the static checks refuse is not retried: it stays refused and the log says why', async () => {
  // a database of its own: the test before made mf_cart active here
  const fresh = await createTestEnv('pglite');
  try {
    release('0.1.0-broken', { withoutEntry: true });
    const lines: string[] = [];
    await adoptReleases(fresh.database.db, configFor({ mf_cart: '0.1.0-broken' }), { log: (line) => lines.push(line), retryMs: 10, giveUpMs: 60_000 }).done;
    const [state] = await new RegistryRepo(fresh.database.db).status('mf_cart');
    expect(state?.active).toBeNull();
    expect(state?.releases.find((r) => r.version === '0.1.0-broken')?.status).toBe('refused');
    expect(lines.join('\n')).toMatch(/0\.1\.0-broken from the image was refused: .*remoteEntry\.js/);
  } finally {
    await fresh.close();
  }
});

// Guards the smoke in docker-compose: the API's container cannot reach the shop's public
// addresses (the host's and each remote's), so the smoke's Chromium sends every request for an
// origin of RELEASE_CHECK_ORIGIN_MAP to the internal one, while the page keeps the public URLs.
// Here the "public" names end in .invalid (they never resolve) and the map points them at real
// local servers: a fake host page that serves the candidate's remoteEntry.js only to the preview
// cookie, and a fake remote server. The smoke passes only thanks to the map.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { PREVIEW_COOKIE } from '../src/registry/preview-token.ts';
import { loadReleaseConfig } from '../src/registry/release-config.ts';
import { smokeCheck } from '../src/registry/smoke.ts';
import { catalogueSample, productPage, shopPage } from './fake-shop.ts';
import { describeDrivers } from './test-env.ts';

const SECRET = 'preview-secret-for-tests-0123456789';
let host: Server;
let remote: Server;
let hostPort = 0;
let remotePort = 0;
/** Page requests to the fake host that carried the preview cookie. */
let withCookie = 0;
/** The product page a good release shows for the test catalogue. */
let product = '';
/** The shop's public scheme: https behind a TLS proxy while the network inside speaks http. */
let publicScheme = 'http';
const publicHost = () => `${publicScheme}://shop.smoke.invalid:${hostPort}`;
const publicRemote = () => `${publicScheme}://mf-product.smoke.invalid:${remotePort}`;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  // the candidate's files, at its "public" address only (the page loads them from there)
  remote = createServer((req, res) => {
    if (req.url === '/1.0.0/remoteEntry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end('window.__candidate = true;');
    }
    res.writeHead(404).end();
  });
  // a host: its registry, and any page as the product page; the candidate's entry only
  // for the browser with the preview cookie (as host/server/preview.ts serves it)
  host = createServer((req, res) => {
    if (req.url === '/registry.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ mf_product: `${publicRemote()}/0.9.0/mf-manifest.json` }));
    }
    const preview = (req.headers.cookie ?? '').includes(`${PREVIEW_COOKIE}=`);
    if (preview) withCookie++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(shopPage('mf_product', product, preview ? `<script src="${publicRemote()}/1.0.0/remoteEntry.js"></script>` : ''));
  });
  [hostPort, remotePort] = [await listen(host), await listen(remote)];
});

afterAll(async () => {
  await Promise.all([host, remote].map((s) => new Promise((r) => s?.close(r))));
});

describeDrivers('the smoke through RELEASE_CHECK_ORIGIN_MAP', (env) => {
  const run = async (originMap: [string, string][]) => {
    product = productPage(await catalogueSample(env().config.opsToken));
    const base = testConfig();
    const config = {
      ...base,
      smoke: { ...base.smoke, off: false, hostUrl: publicHost(), previewSecret: SECRET, timeoutMs: 4000 },
      release: { ...base.release, originMap },
    };
    const release = { remote: 'mf_product', version: '1.0.0', manifestUrl: `${publicRemote()}/1.0.0/mf-manifest.json` };
    return smokeCheck(env().database.db)(release, { config });
  };
  const hostPair = (): [string, string] => [publicHost(), `http://127.0.0.1:${hostPort}`];
  const remotePair = (): [string, string] => [publicRemote(), `http://127.0.0.1:${remotePort}`];

  it('passes when the map sends the public host and remote to the servers that answer, the cookie included', async () => {
    withCookie = 0;
    const result = await run([hostPair(), remotePair()]);
    expect(result.reason).toMatch(/PRODUCT \d+ и \d+ мс/);
    expect(result.ok).toBe(true);
    expect(withCookie).toBeGreaterThan(0);
  });

  it('reaches https public addresses over http inside the network (fetched and handed to the page, the cookie included)', async () => {
    withCookie = 0;
    publicScheme = 'https';
    try {
      const result = await run([hostPair(), remotePair()]);
      expect(result.reason).toMatch(/PRODUCT \d+ и \d+ мс/);
      expect(result.ok).toBe(true);
      expect(withCookie).toBeGreaterThan(0);
    } finally {
      publicScheme = 'http';
    }
  });

  it('fails without the map: the page at the public address does not open', async () => {
    const result = await run([]);
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('PRODUCT');
    expect(result.reason).toContain('страница не открылась');
  });

  it('fails when only the host is mapped: the candidate’s files at its public address do not load', async () => {
    const result = await run([hostPair()]);
    expect(result.ok).toBe(false);
    expect(result.reason).toContain(`не загрузился ${publicRemote()}/1.0.0/remoteEntry.js`);
  });
});

// the map itself (format, refusals, mapping) is @shop/contracts/origin-map's (contracts/src/origin-map.test.ts);
// here only that the API's configuration reads RELEASE_CHECK_ORIGIN_MAP through it
it('reads RELEASE_CHECK_ORIGIN_MAP into the release configuration, and refuses a malformed one', () => {
  const read = (map: string) => loadReleaseConfig({ RELEASE_CHECK_ORIGIN_MAP: map }, 'http://localhost:3000').originMap;
  expect(read('http://localhost:3000/=http://host:3000,http://localhost:3001=http://mf-catalog:3001')).toEqual([
    ['http://localhost:3000', 'http://host:3000'],
    ['http://localhost:3001', 'http://mf-catalog:3001'],
  ]);
  expect(() => read('http://localhost:3001=mf-catalog:3001/x')).toThrow(/^RELEASE_CHECK_ORIGIN_MAP: /);
});

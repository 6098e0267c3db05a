// Guards the smoke against server-rendered pages whose scripts start late: the page
// server writes the candidate's landmark into the HTML, and the host's entry starts only after the
// first paint and the high-priority photos (host/server/html.ts startAfterFirstPaint, at the latest
// START_AT_LATEST_MS = 2.5 s). A smoke that judges the page a fixed moment after the landmark then
// looks at HTML no script has touched yet: with slow photos it refuses a good release (its
// remoteEntry.js not loaded yet), and it never sees a candidate that throws once it runs.
// The fake host here starts the candidate's entry 1.2 s after the page loaded, as a listing whose
// first photos take that long does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { smokeCheck } from '../src/registry/smoke.ts';
import { catalogueSample, productPage, shopPage } from './fake-shop.ts';
import { describeDrivers } from './test-env.ts';

const SECRET = 'preview-secret-for-tests-0123456789';
const START_AFTER_MS = 1200;
let host: Server;
let hostPort = 0;
/** The product page a good release shows for the test catalogue. */
let product = '';
/** What the candidate's entry does once it runs: define itself, or throw (a broken release). */
let entry = 'window.__candidate = true;';

beforeAll(async () => {
  host = createServer((req, res) => {
    if (req.url === '/1.0.0/remoteEntry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(entry);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      shopPage(
        'mf_product',
        product,
        `<script>setTimeout(function(){var s=document.createElement('script');s.src='/1.0.0/remoteEntry.js';document.body.appendChild(s)},${START_AFTER_MS})</script>`,
      ),
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostPort = (host.address() as AddressInfo).port;
});

afterAll(() => new Promise((r) => host?.close(r)));

describeDrivers('the smoke on a server-rendered page whose scripts start after its photos', (env) => {
  const run = async () => {
    product = productPage(await catalogueSample(env().config.opsToken));
    const base = testConfig();
    const hostUrl = `http://127.0.0.1:${hostPort}`;
    const config = {
      ...base,
      smoke: { ...base.smoke, off: false, hostUrl, previewSecret: SECRET, timeoutMs: 4000 },
      release: { ...base.release, originMap: [] },
    };
    const release = { remote: 'mf_product', version: '1.0.0', manifestUrl: `${hostUrl}/1.0.0/mf-manifest.json` };
    return smokeCheck(env().database.db)(release, { config });
  };

  it('passes a good release whose entry starts 1.2 s after the landmark showed', async () => {
    entry = 'window.__candidate = true;';
    const result = await run();
    expect(result.reason).toMatch(/PRODUCT \d+ и \d+ мс/);
    expect(result.ok).toBe(true);
  });

  it('refuses a release that throws once its entry runs, 1.2 s after the landmark showed', async () => {
    entry = "throw new Error('release bug after hydration');";
    const result = await run();
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('release bug after hydration');
  });
});

// Guards that the smoke judges what a page shows, not only that it rendered: a catalogue release
// whose HomePage keeps its landmark but never gets past its loading placeholder (`aria-busy`),
// one whose listings show no products although the database has them («Ничего не нашлось»), and
// one that throws only on a phone's narrow screen are each refused, naming the page and the
// screen; a good one passes at both screens. The smoke's own visits never report shopper health.
// The fake host serves each page as the real remotes mark it (fake-shop.ts) for the test
// database's catalogue, and the candidate's entry; `variant` spoils one thing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueSample } from '../src/catalogue/api-client.ts';
import { testConfig } from '../src/config.ts';
import { smokeCheck } from '../src/registry/smoke.ts';
import { catalogueSample, goodArea, pageKind, shopPage } from './fake-shop.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const SECRET = 'preview-secret-for-tests-0123456789';
type Variant = 'good' | 'spinner' | 'empty-listing' | 'phone-throw';
let variant: Variant = 'good';
let sample: CatalogueSample;
let host: Server;
let hostPort = 0;
let env: TestEnv | undefined;
/** Health reports that reached the host (the smoke's pages must send none). */
let reports = 0;

/** What the candidate's area holds on a page: a good release's, or the variant's spoilt one. */
function area(pathname: string): string {
  const kind = pageKind(sample, pathname);
  // the home page's landmark with its placeholder, whose data never comes
  if (variant === 'spinner' && kind === 'HOME') return '<div data-testid="catalog-home"><div aria-busy="true" style="min-height:200px"></div></div>';
  // every listing renders, counts its products and shows none of them
  if (variant === 'empty-listing' && kind === 'LISTING')
    return `<div data-testid="catalog-listing"><p>${sample.categoryCount} товаров</p><div role="status"><p>Ничего не нашлось</p></div></div>`;
  return goodArea(sample, kind);
}

const ENTRY = {
  good: 'window.__candidate = true;',
  'phone-throw': "if (innerWidth < 700) throw new Error('release bug on phones'); window.__candidate = true;",
};

beforeAll(async () => {
  env = await createTestEnv('pglite');
  sample = await catalogueSample(env.config.opsToken);
  host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/registry.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ mf_catalog: `http://127.0.0.1:${hostPort}/0.9.0/mf-manifest.json` }));
    }
    if (url.pathname === '/1.0.0/remoteEntry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(variant === 'phone-throw' ? ENTRY['phone-throw'] : ENTRY.good);
    }
    if (url.pathname.startsWith('/api/telemetry/')) {
      reports++;
      return void res.writeHead(204).end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // the host's health beacon, as every page of the shop sends it
    const beacon = `<script>addEventListener('load', function () { navigator.sendBeacon('/api/telemetry/remotes', new Blob([JSON.stringify({ items: [{ remote: 'mf_catalog', version: '1.0.0', page: 'HOME', kind: 'view', count: 1 }] })], { type: 'application/json' })); });</script>`;
    res.end(shopPage('mf_catalog', area(url.pathname), `<script src="/1.0.0/remoteEntry.js"></script>${beacon}`));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostPort = (host.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => host?.close(r));
  await env?.close();
});

describe('the smoke judges what each page shows, on a phone and a desktop', () => {
  const smoke = async (v: Variant) => {
    variant = v;
    const base = testConfig();
    const hostUrl = `http://127.0.0.1:${hostPort}`;
    const config = {
      ...base,
      smoke: { ...base.smoke, off: false, hostUrl, previewSecret: SECRET, timeoutMs: 4000 },
      release: { ...base.release, originMap: [] },
    };
    const release = { remote: 'mf_catalog', version: '1.0.0', manifestUrl: `${hostUrl}/1.0.0/mf-manifest.json` };
    const started = performance.now();
    const result = await smokeCheck()(release, { config });
    console.log(`[smoke ${v}] ${Math.round(performance.now() - started)} ms: ${result.ok ? 'passed' : 'refused'}`);
    return result;
  };

  it('the test catalogue has what the pages are judged by', () => {
    expect(sample.product).not.toBeNull();
    expect(sample.categoryCount).toBeGreaterThan(0);
    expect(sample.search?.count).toBeGreaterThan(0);
  });

  it('passes a good release at both screens, and its pages report no health', async () => {
    reports = 0;
    const result = await smoke('good');
    expect(result.ok, result.reason).toBe(true);
    expect(result.reason).toContain('телефон 390×844 и компьютер 1280×900');
    for (const page of ['HOME', 'SEARCH', 'CATEGORY', 'BRAND', 'FAVOURITES']) expect(result.reason).toMatch(new RegExp(`${page} \\d+ и \\d+ мс`));
    expect(reports).toBe(0);
  });

  it('refuses a HomePage that shows its landmark but stays aria-busy, naming the page and both screens', async () => {
    const result = await smoke('spinner');
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('HOME (/), телефон 390×844 и компьютер 1280×900: данные не пришли');
    expect(result.reason).toContain('aria-busy="true"');
    // the other pages passed
    expect(result.reason).not.toContain('CATEGORY');
  });

  it('refuses listings that show no products while the database has them', async () => {
    const result = await smoke('empty-listing');
    expect(result.ok).toBe(false);
    const { product, categoryCount, brandCount, search } = sample;
    expect(result.reason).toContain(
      `CATEGORY (${product?.mainCategory.webPath}), телефон 390×844 и компьютер 1280×900: нет карточек товаров, а в базе для этой страницы ${categoryCount} шт. (на странице: «Ничего не нашлось»)`,
    );
    expect(result.reason).toContain(`BRAND (${product?.brand.webPath}), телефон 390×844 и компьютер 1280×900: нет карточек товаров, а в базе для этой страницы ${brandCount} шт.`);
    expect(result.reason).toContain(`SEARCH (/search?search=${encodeURIComponent(search?.word ?? '')})`);
    expect(result.reason).not.toContain('HOME');
  });

  it('refuses a release that throws only on a phone’s screen, naming the phone', async () => {
    const result = await smoke('phone-throw');
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('HOME (/), телефон 390×844: ошибка на странице: release bug on phones');
    expect(result.reason).not.toContain('компьютер');
  });
});

// Guards that the smoke judges what a page shows, not only that it rendered: a catalogue release
// whose HomePage keeps its landmark but never gets past its loading placeholder (`aria-busy`),
// one whose listings show no products although the database has them («Ничего не нашлось»), and
// one that throws only on a phone's narrow screen are each refused, naming the page and the
// screen; a good one passes at both screens. A listing that settles empty is refused as soon as
// nothing in it is busy, not at the page's timeout; a slow listing whose placeholder is marked
// busy still passes, and one whose placeholder is not marked is judged by what it shows when
// settled. The smoke's own visits never report shopper health. A recent pass is reused only on the
// same host build beside the same releases; a refusal never is.
// The fake host serves each page as the real remotes mark it (fake-shop.ts) for the test
// database's catalogue, and the candidate's entry; `variant` spoils one thing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueSample } from '../src/catalogue/api-client.ts';
import { HOST_BUILD_HEADER } from '@shop/contracts/release-plane';
import { testConfig } from '../src/config.ts';
import { smokeCheck } from '../src/registry/smoke.ts';
import { cards, catalogueSample, goodArea, pageKind, shopPage } from './fake-shop.ts';
import { createTestEnv, type TestEnv } from './test-env.ts';

const SECRET = 'preview-secret-for-tests-0123456789';
type Variant = 'good' | 'spinner' | 'empty-listing' | 'phone-throw' | 'slow-listing' | 'unmarked-slow-listing';
/** How long a slow listing shows its placeholder before its cards; the unmarked one, far longer than the judge's quiet time. */
const SLOW_MS = 2500;
const UNMARKED_SLOW_MS = 8000;
let variant: Variant = 'good';
let sample: CatalogueSample;
let host: Server;
let hostPort = 0;
let env: TestEnv | undefined;
/** Health reports that reached the host (the smoke's pages must send none). */
let reports = 0;
/** The build the host names in /registry.json's header (none: a host that does not say), and the other remotes it serves. */
let hostBuild: string | null = null;
let otherRemotes: Record<string, string> = {};
/** Pages the host served (the smoke's visits). */
let pageLoads = 0;

/** What the candidate's area holds on a page: a good release's, or the variant's spoilt one. */
function area(pathname: string): string {
  const kind = pageKind(sample, pathname);
  // the home page's landmark with its placeholder, whose data never comes
  if (variant === 'spinner' && kind === 'HOME') return '<div data-testid="catalog-home"><div aria-busy="true" style="min-height:200px"></div></div>';
  // every listing renders, counts its products and shows none of them
  if (variant === 'empty-listing' && kind === 'LISTING')
    return `<div data-testid="catalog-listing"><p>${sample.categoryCount} товаров</p><div role="status"><p>Ничего не нашлось</p></div></div>`;
  // every listing shows its placeholder, then its cards: marked busy meanwhile, as the real listing is, or not
  if ((variant === 'slow-listing' || variant === 'unmarked-slow-listing') && kind === 'LISTING') {
    const busy = variant === 'slow-listing' ? ' aria-busy="true"' : '';
    const later = JSON.stringify(cards(sample)).replace(/</g, '\\u003c');
    return `<div data-testid="catalog-listing"><div id="wait"${busy} style="min-height:200px"><span role="status">Загрузка...</span></div></div><script>setTimeout(function () { document.getElementById('wait').outerHTML = ${later}; }, ${busy ? SLOW_MS : UNMARKED_SLOW_MS});</script>`;
  }
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
      res.writeHead(200, { 'content-type': 'application/json', ...(hostBuild ? { [HOST_BUILD_HEADER]: hostBuild } : {}) });
      return void res.end(JSON.stringify({ mf_catalog: `http://127.0.0.1:${hostPort}/0.9.0/mf-manifest.json`, ...otherRemotes }));
    }
    if (url.pathname === '/1.0.0/remoteEntry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(variant === 'phone-throw' ? ENTRY['phone-throw'] : ENTRY.good);
    }
    if (url.pathname.startsWith('/api/telemetry/')) {
      reports++;
      return void res.writeHead(204).end();
    }
    pageLoads++;
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
  const smoke = async (v: Variant, timeoutMs = 4000, reuseSeconds = 600) => {
    variant = v;
    const base = testConfig();
    const hostUrl = `http://127.0.0.1:${hostPort}`;
    const config = {
      ...base,
      smoke: { ...base.smoke, off: false, hostUrl, previewSecret: SECRET, timeoutMs, reuseSeconds },
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

  it('refuses listings that show no products while the database has them, once settled, not at the timeout', async () => {
    // a page's time far beyond what the smoke may take: a judge waiting it out would take 20 s a page
    const started = performance.now();
    const result = await smoke('empty-listing', 20_000);
    expect(performance.now() - started).toBeLessThan(12_000);
    expect(result.ok).toBe(false);
    const { product, categoryCount, brandCount, search } = sample;
    expect(result.reason).toContain(
      `CATEGORY (${product?.mainCategory.webPath}), телефон 390×844 и компьютер 1280×900: нет карточек товаров, а в базе для этой страницы ${categoryCount} шт. (на странице: «Ничего не нашлось»)`,
    );
    expect(result.reason).toContain(`BRAND (${product?.brand.webPath}), телефон 390×844 и компьютер 1280×900: нет карточек товаров, а в базе для этой страницы ${brandCount} шт.`);
    expect(result.reason).toContain(`SEARCH (/search?search=${encodeURIComponent(search?.word ?? '')})`);
    expect(result.reason).not.toContain('HOME');
  });

  it('passes a slow listing whose placeholder is busy until its cards come', async () => {
    const result = await smoke('slow-listing');
    expect(result.ok, result.reason).toBe(true);
    for (const page of ['SEARCH', 'CATEGORY', 'BRAND']) {
      const ms = Number(new RegExp(`${page} (\\d+) и \\d+ мс`).exec(result.reason ?? '')?.[1]);
      expect(ms).toBeGreaterThanOrEqual(SLOW_MS);
    }
  });

  it('judges a listing whose placeholder is not marked busy by what it shows when settled', async () => {
    const result = await smoke('unmarked-slow-listing', 20_000);
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/CATEGORY \([^)]+\), телефон 390×844 и компьютер 1280×900: нет карточек товаров.*на странице: «Загрузка/);
    expect(result.reason).toMatch(/BRAND \([^)]+\), телефон 390×844 и компьютер 1280×900: нет карточек товаров/);
  });

  it('refuses a release that throws only on a phone’s screen, naming the phone', async () => {
    const result = await smoke('phone-throw');
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('HOME (/), телефон 390×844: ошибка на странице: release bug on phones');
    expect(result.reason).not.toContain('компьютер');
  });

  it('reuses a recent pass only on the same host build, beside the same releases, and never a refusal', async () => {
    try {
      hostBuild = `build-a-${Date.now()}`;
      const first = await smoke('good');
      expect(first.ok, first.reason).toBe(true);
      expect(first.reason).toContain('открыто в Chromium');
      // the same candidate, host build, other releases and catalogue: decided without a page
      pageLoads = 0;
      const again = await smoke('good');
      expect(again.ok, again.reason).toBe(true);
      expect(again.reason).toMatch(/^прошла \d+ с назад \(открыто в Chromium.*не открывалась заново: ничего вокруг не изменилось$/);
      expect(pageLoads).toBe(0);
      // another remote's release changed beside it: opened again
      otherRemotes = { mf_cart: `http://127.0.0.1:${hostPort}/2.0.0/mf-manifest.json` };
      const beside = await smoke('good');
      expect(beside.reason).toContain('открыто в Chromium');
      expect(pageLoads).toBeGreaterThan(0);
      // SMOKE_REUSE_SECONDS=0: every decision opens the pages, a pass just made included
      pageLoads = 0;
      const never = await smoke('good', 4000, 0);
      expect(never.reason).toContain('открыто в Chromium');
      expect(pageLoads).toBeGreaterThan(0);
      // a new host build (here a broken one): judged anew, refused, and the refusal is not kept
      hostBuild = `build-b-${Date.now()}`;
      expect((await smoke('spinner')).ok).toBe(false);
      pageLoads = 0;
      const stillBroken = await smoke('spinner');
      expect(stillBroken.ok).toBe(false);
      expect(pageLoads).toBeGreaterThan(0);
    } finally {
      hostBuild = null;
      otherRemotes = {};
    }
  });
});

// Guards what the host server answers before any script runs: the resolver's HTTP status,
// redirects, page meta in the HTML, robots and sitemap, and the security headers.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gql, someProductPath } from '../support/catalog.ts';
import { expect, test } from '../support/test.ts';

test('the home page comes with its status, meta and security headers', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<title>[^<]*оригинальн[^<]*<\/title>/i);
  expect(html).toContain('<link rel="canonical" href="http://localhost');
  expect(html).toContain('property="og:title"');
  expect(html).toContain('id="shop-state"');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  // the server-rendered page's inline scripts (the template's, the starter, React's) and styles are
  // allowed by their hashes, the same for every shopper (a stored page too); nothing else inline runs
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+ http:\/\/localhost:\d+/);
  expect(csp).toMatch(/style-src 'self'( 'sha256-[^']+')+ http:\/\/localhost:\d+/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain("'nonce-");
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  expect(inline.length).toBeGreaterThan(1);
  for (const text of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('an unknown path answers 404 with «Страница не найдена»', async ({ request }) => {
  const response = await request.get('/takoy-stranicy-net');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('<title>Страница не найдена');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('case and trailing-slash variants are real 301 redirects to the canonical path', async ({ request }) => {
  const upper = await request.get('/brands/Nike?sort=priceup', { maxRedirects: 0 });
  expect(upper.status()).toBe(301);
  expect(upper.headers().location).toBe('/brands/nike?sort=priceup');
  const slash = await request.get('/brands/nike/', { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers().location).toBe('/brands/nike');
});

test('a product page carries its meta and schema.org Product JSON-LD in the HTML', async ({ request }) => {
  const path = await someProductPath(request);
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('property="og:type"');
  const jsonLd = html.match(/<script type="application\/ld\+json" data-meta>([\s\S]*?)<\/script>/)?.[1];
  expect(jsonLd).toBeTruthy();
  const product = JSON.parse(jsonLd as string) as { '@type': string; offers: unknown };
  expect(product['@type']).toBe('Product');
  expect(JSON.stringify(product.offers)).toContain('"priceCurrency":"RUB"');
});

test('the canonical link leaves filter and sort parameters out, keeping only the page number', async ({ request }) => {
  const filtered = await (await request.get('/brands/nike?sort=priceup&priceFrom=5000&f1=42')).text();
  expect(filtered).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/brands\/nike"/);
  const paged = await (await request.get('/brands/nike?sort=priceup&priceFrom=5000&page=2')).text();
  expect(paged).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/brands\/nike\?page=2"/);
});

test('robots.txt and a sitemap built from the catalogue', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
  expect(robots).toContain('Disallow: /checkout');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  const { products } = await gql<{ products: { items: { webPath: string }[] } }>(request, '{ products(limit: 3) { items { webPath } } }');
  for (const item of products.items) expect(xml).toContain(`${item.webPath}</loc>`);
  // the home page first, dated by the catalogue's last change
  expect(xml).toMatch(/<url><loc>https?:\/\/[^<]+\/<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);
});

test('the registry is public, uncached and lists only manifest URLs', async ({ request }) => {
  const response = await request.get('/registry.json');
  expect(response.headers()['cache-control']).toBe('no-store');
  const registry = (await response.json()) as Record<string, string>;
  for (const url of Object.values(registry)) expect(url).toMatch(/^http:\/\/localhost:\d+\/\d+\.\d+\.\d+%2B[\w.-]+\/mf-manifest\.json$/);
});

test('the untree-shaken fallback of every shared library is served, for a remote built with other exports', async ({ request }) => {
  // A remote released later may use an export the host's tree-shaken singleton left out; the
  // federation runtime then loads the library's full copy from the host, named in its manifest.
  const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../host/dist/mf-manifest.json'), 'utf8')) as {
    shared: { name: string; fallback?: string }[];
  };
  const fallbacks = manifest.shared.flatMap((s) => (s.fallback ? [s.fallback] : []));
  expect(fallbacks.length).toBeGreaterThan(0);
  for (const file of fallbacks) {
    const response = await request.get(`/${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type']).toContain('javascript');
    expect(await response.text()).not.toContain('<html');
  }
});

test('a product page preloads its first photo from the HTML, the very file the gallery shows first', async ({ page, request }) => {
  const path = await someProductPath(request);
  const html = await (await request.get(path)).text();
  const preload = html.match(/<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/);
  const preloaded = (preload?.[1] ?? '').split(', ').map((entry) => entry.split(' ')[0]);
  expect(preloaded[0]).toMatch(/^\/api\/photos\/.+\/320\.avif$/);
  const photoRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/photos/')) photoRequests.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  const first = page.getByRole('list', { name: 'Фото товара' }).getByRole('img').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(preloaded).toContain(shown);
  // the preload and the page agreed: the preload fetched exactly the file the gallery shows, so the
  // gallery took it and asked for no other width (the current colour's 64 px swatch may still take
  // a small file of the same photo: that request comes from an <img>, not from the preload)
  const base = shown.replace(/[^/]+$/, '');
  expect(photoRequests.filter((p) => p.startsWith(base))).toContain(shown);
  // what fetched each file of the first photo: the preload (`link`) or a picture (`img`)
  const fetched = await page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname, by: (e as PerformanceResourceTiming).initiatorType }))
        .filter((e) => e.path.startsWith(prefix)),
    base,
  );
  const fetchedBy = (by: string) => fetched.filter((e) => e.by === by).map((e) => e.path);
  expect(fetchedBy('link')).toEqual([shown]);
  const galleryAsked = fetchedBy('img');
  // a second file of the first photo at the gallery's width or wider would be the gallery ignoring the preload
  const width = (file: string) => Number(file.match(/(\d+)\.\w+$/)?.[1]);
  expect(galleryAsked.filter((file) => width(file) >= width(shown))).toEqual([]);
});

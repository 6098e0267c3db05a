// Guards the security headers on every kind of answer the host server gives (page, 404, redirect, asset, JSON, robots, sitemap, API proxy, refused method) and that no ops token ever reaches the browser.

import { trustedBody } from '../support/catalog.ts';
import { shop } from '../support/private-host.ts';
import { type APIResponse, expect, test } from '../support/test.ts';

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

test('every kind of host answer carries CSP with frame-ancestors, nosniff and a referrer policy', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expectSecurityHeaders(home, 'page');
  // a server-rendered page names its entry in the starter script (host/server/html.ts), others in a script tag
  const script = (await home.text()).match(/<script[^>]+src="(\/static\/[^"]+\.js)"|"main":"(\/static\/[^"]+\.js)"/)?.slice(1).find(Boolean);
  expect(script, 'the page loads a script from /static').toBeTruthy();

  const answers: [string, () => Promise<APIResponse>, number][] = [
    ['404 page', () => request.get('/takoy-stranicy-net'), 404],
    ['redirect', () => request.get('/brands/Nike', { maxRedirects: 0 }), 301],
    ['static asset', () => request.get(script as string), 200],
    ['missing static asset', () => request.get('/static/net-takogo.js'), 404],
    ['registry', () => request.get('/registry.json'), 200],
    ['robots', () => request.get('/robots.txt'), 200],
    ['sitemap', () => request.get('/sitemap.xml'), 200],
    ['health', () => request.get('/healthz'), 200],
    ['API proxy', async () => request.post('/api/graphql', { data: await trustedBody('{ health }') }), 200],
    ['API proxy, a document not registered', () => request.post('/api/graphql', { data: { query: '{ health }' } }), 400],
    // the ops API is not reachable through the shop's public origin (the release tooling talks to the API directly)
    ['API proxy refusal', () => request.post('/api/ops/registry/activate', { data: { remote: 'mf_catalog', version: 'x', by: 'x' } }), 404],
    ['refused method', () => request.post('/', { data: 'x' }), 405],
  ];
  for (const [what, get, status] of answers) {
    const response = await get();
    expect(response.status(), what).toBe(status);
    expectSecurityHeaders(response, what);
  }
  // answers that are not pages may load nothing at all
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-security-policy']).toContain("default-src 'none'");
});

test('the ops token never reaches the browser: not in the page, the registry or the scripts it loads', async ({ page }) => {
  const token = process.env.SHOP_OPS_TOKEN as string;
  expect(token.length).toBeGreaterThan(10);
  const bodies: string[] = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|json|html|css/.test(type)) bodies.push(await response.text().catch(() => ''));
  });
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) expect(body).not.toContain(token);
  expect(await page.content()).not.toContain(token);
  const registry = await (await page.request.get('/registry.json')).text();
  expect(registry).not.toContain(token);
  expect(shop.apiUrl).toBeTruthy();
});

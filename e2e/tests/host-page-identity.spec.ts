// Guards that the page shown always matches its address: a category, a brand and a product with
// the same id are different pages (the shell's resolver answers are not one cached object), a
// link pointed at never changes the page on screen, a redirect to a page visited before shows
// that page, and Back/Forward restore the page with its own head (title, canonical, JSON-LD).

import { gql } from '../support/catalog.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

test.use({ viewport: { width: 1280, height: 800 } });
test.beforeEach(async ({ page }) => returningVisitor(page));

interface Named {
  id: string;
  name: string;
  webPath: string;
}

/** A category, a brand and a product that share one id. */
async function sameIdPages(request: APIRequestContext) {
  const data = await gql<{ categories: Named[]; brands: { items: Named[] } }>(
    request,
    '{ categories { id name webPath } brands(limit: 100) { items { id name webPath } } }',
  );
  for (const category of data.categories) {
    const brand = data.brands.items.find((b) => b.id === category.id);
    if (!brand) continue;
    const { product } = await gql<{ product: Named | null }>(request, 'query($id: ID!) { product(id: $id) { id name webPath } }', { id: category.id });
    if (product) return { category, brand, product };
  }
  throw new Error('the seeded catalogue has no category, brand and product with one id');
}

/** An in-app navigation, as a link click does it (pushState, then the router reads the address). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function serverTitle(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return title.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

test('a category, a brand and a product with the same id each show their own page', async ({ page, request }) => {
  const { category, brand, product } = await sameIdPages(request);
  await page.goto('/');
  await navigate(page, category.webPath);
  await expect(h1(page)).toHaveText(category.name);
  await navigate(page, brand.webPath);
  await expect(h1(page)).toContainText(brand.name);
  await expect.poll(() => page.title()).toBe(await serverTitle(request, brand.webPath));
  await navigate(page, product.webPath);
  await expect(h1(page)).toContainText(product.name.split(',')[0] ?? product.name);
  await navigate(page, category.webPath);
  await expect(h1(page)).toHaveText(category.name);
  await navigate(page, brand.webPath);
  await expect(h1(page)).toContainText(brand.name);
  await expect(page).toHaveURL(new RegExp(`${brand.webPath}$`));
});

test('pointing at a link to a page with the same id does not change the page on screen', async ({ page, request }) => {
  const { category, brand } = await sameIdPages(request);
  await page.goto(brand.webPath);
  await expect(h1(page)).toContainText(brand.name);
  const resolved = page.waitForResponse(
    (r) => r.url().includes('/api/graphql') && r.request().postDataJSON()?.variables?.path === category.webPath,
  );
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'Ссылка на категорию';
    link.style.cssText = 'position:fixed;top:300px;left:300px;z-index:1000;padding:20px;background:#fff';
    document.body.append(link);
  }, category.webPath);
  await page.getByText('Ссылка на категорию').hover();
  await resolved;
  await page.mouse.move(5, 700);
  await page.waitForTimeout(500);
  await expect(h1(page)).toContainText(brand.name);
  await expect(page.getByRole('heading', { level: 1, name: category.name, exact: true })).toHaveCount(0);
});

test('a client navigation to a redirected address of a page visited before shows that page', async ({ page }) => {
  await page.goto('/');
  await navigate(page, '/catalog/obuv/krossovki');
  await expect(h1(page)).toHaveText('Кроссовки');
  await navigate(page, '/brands/nike');
  await expect(h1(page)).toContainText('Nike');
  await navigate(page, '/catalog/obuv/krossovki/');
  await expect(page).toHaveURL(/\/catalog\/obuv\/krossovki$/);
  await expect(h1(page)).toHaveText('Кроссовки');
  await navigate(page, '/Brands/Nike?sort=priceup');
  await expect(page).toHaveURL(/\/brands\/nike\?sort=priceup$/);
  await expect(h1(page)).toContainText('Nike');
});

test('Back and Forward restore the page with its own title, canonical and JSON-LD', async ({ page, request }) => {
  await page.goto('/brands/nike');
  const brandTitle = await page.title();
  expect(brandTitle).toBe(await serverTitle(request, '/brands/nike'));
  const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]').first();
  const productPath = (await card.getAttribute('href')) ?? '';
  await card.click();
  await expect(page).toHaveURL(productPath);
  const productTitle = await serverTitle(request, productPath);
  await expect.poll(() => page.title()).toBe(productTitle);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/brands\/nike$/);
  await expect(h1(page)).toContainText('Nike');
  await expect.poll(() => page.title()).toBe(brandTitle);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/brands\/nike$/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.filter((text) => text.includes('"Product"'))).toEqual([]);

  await page.goForward();
  await expect(page).toHaveURL(productPath);
  await expect.poll(() => page.title()).toBe(productTitle);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${productPath}$`));
});

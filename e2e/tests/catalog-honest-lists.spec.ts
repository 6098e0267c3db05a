// Guards honest lists and prices in the browser, on the seeded catalogue:
// a price sort stays monotonic on every page with sold-out products marked «Нет в наличии»
// and the mobile «Фильтры» modal recounts as boxes are ticked, and the
// header heart opens «Избранное» with the liked products' current prices.

import { gql } from '../support/catalog.ts';
import { brandByName, categoryByPath, listingCount } from '../support/catalog-data.ts';
import { cardPrices, filterBar, productCards, settled } from '../support/catalog-listing.ts';
import { asReturningShopper, rub } from '../support/product-page.ts';
import { expect, type Page, test } from '../support/test.ts';

test.beforeEach(async ({ page }) => {
  await asReturningShopper(page);
});

type Item = { id: string; name: string; minPriceInRUB: number; inStock: boolean; webPath: string };

async function allProducts(request: Parameters<typeof gql>[0]): Promise<Item[]> {
  const items: Item[] = [];
  for (let offset = 0; ; offset += 100) {
    const data = await gql<{ products: { totalCount: number; items: Item[] } }>(
      request,
      'query($offset: Int) { products(sort: PRICEUP, offset: $offset, limit: 100) { totalCount items { id name minPriceInRUB inStock webPath } } }',
      { offset },
    );
    items.push(...data.products.items);
    if (offset + 100 >= data.products.totalCount) return items;
  }
}

test('«По возрастанию цены» is monotonic over every page; sold-out products are in their place and say «Нет в наличии»', async ({ page, request }) => {
  const catalogue = await allProducts(request);
  const soldOut = catalogue.filter((p) => !p.inStock).length;
  expect(soldOut).toBeGreaterThan(0);
  const pages = Math.ceil(catalogue.length / 24);
  const prices: number[] = [];
  let marked = 0;
  for (let n = 1; n <= pages; n++) {
    await page.goto(`/search?sort=priceup${n > 1 ? `&page=${n}` : ''}`);
    await settled(page);
    await expect(productCards(page).first()).toBeVisible();
    prices.push(...(await cardPrices(page)));
    const cards = productCards(page);
    const soldOutCards = cards.filter({ hasText: 'Нет в наличии' });
    marked += await soldOutCards.count();
    // a marked card is the one the API says is sold out, and the mark is visible on it
    if ((await soldOutCards.count()) > 0) await expect(soldOutCards.first().getByText('Нет в наличии', { exact: true })).toBeVisible();
  }
  expect(prices).toHaveLength(catalogue.length);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(marked).toBe(soldOut);
});

test('a brand sorted «По убыванию цены» no longer ends with dearer sold-out items', async ({ page, request }) => {
  const nike = await brandByName(request, 'Nike');
  await page.goto('/brands/nike?sort=pricedown');
  await settled(page);
  const prices = await cardPrices(page);
  expect(prices.length).toBe(await listingCount(request, { brandId: nike.id }));
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the «Фильтры» modal recounts as boxes are ticked, so it offers no brand that leads to nothing', async ({ page, request }) => {
    const shoes = await categoryByPath(request, '/catalog/obuv');
    const boots = await categoryByPath(request, '/catalog/obuv/botinki');
    const vans = await brandByName(request, 'Vans');
    const scope = { categoryId: shoes.id };
    // a dead end to avoid: Vans has shoes, but no boots
    expect(await listingCount(request, scope, { brandIds: [vans.id] })).toBeGreaterThan(0);
    expect(await listingCount(request, scope, { brandIds: [vans.id], categoryIds: [boots.id] })).toBe(0);
    const bootCount = await listingCount(request, scope, { categoryIds: [boots.id] });

    await page.goto('/catalog/obuv');
    await settled(page);
    await filterBar(page).getByRole('button', { name: 'Фильтры' }).click();
    const modal = page.getByRole('dialog', { name: 'Фильтры' });
    const vansBox = modal.getByRole('checkbox', { name: /^Vans / });
    await expect(vansBox).toBeEnabled();
    await modal.getByRole('checkbox', { name: /^Ботинки / }).check();
    await expect(vansBox).toBeDisabled();
    await expect(modal.getByTestId('filters-found')).toHaveText(new RegExp(`^Найдено: ${bootCount} товар`));
    // every brand still offered leads somewhere: its count is what «Применить» will show
    const offered = await modal
      .getByRole('group', { name: 'Бренд' })
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.filter((b) => !(b as HTMLInputElement).disabled).map((b) => b.closest('label')?.textContent ?? ''));
    expect(offered.length).toBeGreaterThan(0);
    for (const label of offered) expect(Number(label.replace(/^.*\s(\d+)$/, '$1'))).toBeGreaterThan(0);
    await modal.getByRole('button', { name: 'Применить' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?category=${boots.id}$`));
  });
});

const heart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Избранное/ });

test('the header heart opens «Избранное»: liked products with current prices, unliking removes them, then an empty state', async ({ page, request }) => {
  const catalogue = await allProducts(request);
  await page.goto('/search?sort=priceup');
  await settled(page);
  const cards = productCards(page);
  const liked = [await cards.nth(0).locator('a').first().textContent(), await cards.nth(1).locator('a').first().textContent()];
  await cards.nth(0).getByRole('button', { name: /^В избранное: / }).click();
  await cards.nth(1).getByRole('button', { name: /^В избранное: / }).click();
  await expect(heart(page)).toHaveAccessibleName('Избранное: 2');

  await heart(page).click();
  await expect(page).toHaveURL('/favourites');
  const favourites = page.getByTestId('favourites-page');
  await expect(favourites.getByRole('heading', { level: 1 })).toHaveText('Избранное');
  await expect(page).toHaveTitle(/^Избранное \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(productCards(page)).toHaveCount(2);
  // latest liked first, each with the API's current price
  expect(await productCards(page).locator('a[href^="/product/"]:not([aria-label])').allTextContents()).toEqual([liked[1], liked[0]]);
  for (const card of await productCards(page).all()) {
    const href = await card.locator('a').first().getAttribute('href');
    const item = catalogue.find((p) => p.webPath === href);
    expect(item).toBeDefined();
    await expect(card.getByText(new RegExp(`${rub(item?.minPriceInRUB ?? 0)}$`))).toBeVisible();
  }

  // unliking on the page takes the product off it
  await productCards(page).first().getByRole('button', { name: /^Убрать из избранного: / }).click();
  await expect(productCards(page)).toHaveCount(1);
  await productCards(page).first().getByRole('button', { name: /^Убрать из избранного: / }).click();
  await expect(favourites.getByText('В избранном пока пусто')).toBeVisible();
  await expect(heart(page)).toHaveAccessibleName('Избранное');
  await favourites.getByRole('link', { name: 'Перейти в каталог' }).click();
  await expect(page).toHaveURL('/search');
});

test('a liked product that left the catalogue disappears quietly from «Избранное» and from the count', async ({ page, request }) => {
  const [first] = await allProducts(request);
  await page.addInitScript((id) => {
    localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: [id, '987654'] }, version: 1 }));
  }, first?.id ?? '1');
  await page.goto('/favourites');
  await expect(productCards(page)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(heart(page)).toHaveAccessibleName('Избранное: 1');
});

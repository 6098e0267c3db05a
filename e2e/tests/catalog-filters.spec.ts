// Guards the catalogue's listings on desktop: filters narrow the list and its count, the price
// range applies when the handle is released, sort orders the list, pages, and the URL as state.
import { expect, test } from '@playwright/test';
import { gql } from '../support/catalog.ts';
import { brandByName, categoryByPath, listingCount } from '../support/catalog-data.ts';
import { cardNames, cardPrices, expectTotal, filterBar, holdListingProducts, pickInChip, productCards, settled } from '../support/catalog-listing.ts';

const SNEAKERS = '/catalog/obuv/krossovki';

test.use({ viewport: { width: 1280, height: 900 } });

test('brand and size narrow the list and its count', async ({ page, request }) => {
  const category = await categoryByPath(request, SNEAKERS);
  const nike = await brandByName(request, 'Nike');
  const scope = { categoryId: category.id };
  await page.goto(SNEAKERS);
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  await expectTotal(page, await listingCount(request, scope));

  await pickInChip(page, 'Бренд', ['Nike']);
  await expect(page).toHaveURL(new RegExp(`\\?brand=${nike.id}$`));
  const byBrand = await listingCount(request, scope, { brandIds: [nike.id] });
  await expectTotal(page, byBrand);
  await settled(page);
  for (const name of await cardNames(page)) expect(name).toContain('Nike');

  await pickInChip(page, 'Размер', ['42']);
  await expect(page).toHaveURL(/brand=\d+&f1=42$/);
  const bySize = await listingCount(request, scope, { brandIds: [nike.id], properties: [{ propertyId: 'size', values: ['42'] }] });
  expect(bySize).toBeLessThan(byBrand + 1);
  await expectTotal(page, bySize);
  await expect(filterBar(page).getByRole('button', { name: 'Бренд 1' })).toBeVisible();

  // A reset applies at once and keeps the other filter.
  await page.getByRole('button', { name: 'Сбросить: Бренд' }).click();
  await expect(page).toHaveURL(/\?f1=42$/);
  await expectTotal(page, await listingCount(request, scope, { properties: [{ propertyId: 'size', values: ['42'] }] }));
});

test('a chip shows each value with its count; its selection waits for «Применить» or closing', async ({ page, request }) => {
  const category = await categoryByPath(request, SNEAKERS);
  const { productFilters } = await gql<{ productFilters: { brands: { name: string; count: number }[] } }>(
    request,
    'query($scope: ListingScopeInput, $filter: ProductFilterInput) { productFilters(scope: $scope, filter: $filter) { brands { name count } } }',
    { scope: { categoryId: category.id }, filter: { properties: [{ propertyId: 'size', values: ['45'] }] } },
  );
  const some = productFilters.brands.find((b) => b.count > 0);
  if (!some) throw new Error('the seeded catalogue should have sneakers in size 45');

  await page.goto(`${SNEAKERS}?f1=45`);
  await filterBar(page).getByRole('button', { name: 'Бренд' }).click();
  const panel = page.getByRole('dialog', { name: 'Бренд' });
  // The counts are those the other selections (size 45) leave; no value that would leave nothing is offered.
  const offered = await panel.getByRole('checkbox').evaluateAll((els) => els.map((el) => el.closest('label')?.textContent));
  expect(offered).toEqual(productFilters.brands.map((b) => `${b.name} ${b.count}`));
  await panel.getByRole('checkbox', { name: new RegExp(`^${some.name} ${some.count}$`) }).check();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(`${SNEAKERS}?f1=45`);
  // Closing the chip applies it too.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\?brand=\d+&f1=45$/);
  await expectTotal(page, some.count);
});

test('the price range applies when the handle is released', async ({ page }) => {
  await page.goto(SNEAKERS);
  await settled(page);
  await filterBar(page).getByRole('button', { name: 'Цена' }).click();
  const lower = await page.getByRole('slider', { name: 'Цена от' }).boundingBox();
  const upper = await page.getByRole('slider', { name: 'Цена до' }).boundingBox();
  if (!lower || !upper) throw new Error('no price slider');
  // The handles start at the ends of the track: drag the upper one to 40 % of it.
  const y = upper.y + upper.height / 2;
  const start = lower.x + lower.width / 2;
  const end = upper.x + upper.width / 2;
  await page.mouse.move(end, y);
  await page.mouse.down();
  await page.mouse.move(start + (end - start) * 0.4, y, { steps: 8 });
  // Nothing is applied while the handle is held.
  await expect(page).toHaveURL(SNEAKERS);
  const max = Number((await page.getByRole('textbox', { name: 'Максимальная цена' }).inputValue()).replace(/\D/g, ''));
  await page.mouse.up();
  await expect(page).toHaveURL(new RegExp(`priceFrom=\\d+&priceTo=${max}$`));
  await settled(page);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThanOrEqual(max);
  await page.keyboard.press('Escape');
  // The chip shows the range and can reset it.
  await page.getByRole('button', { name: 'Сбросить: Цена' }).click();
  await expect(page).toHaveURL(SNEAKERS);
});

test('sort changes the order', async ({ page }) => {
  await page.goto(SNEAKERS);
  await settled(page);
  await filterBar(page).getByRole('button', { name: /^Сортировка/ }).click();
  await page.getByRole('radio', { name: 'По возрастанию цены' }).click();
  await expect(page).toHaveURL(/\?sort=priceup$/);
  await settled(page);
  const up = await cardPrices(page);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await filterBar(page).getByRole('button', { name: /^Сортировка/ }).click();
  await page.getByRole('radio', { name: 'По убыванию цены' }).click();
  await expect(page).toHaveURL(/\?sort=pricedown$/);
  await settled(page);
  const down = await cardPrices(page);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  expect(down[0]).toBeGreaterThan(up[0] ?? 0);
});

test('numbered pages, and back/forward restore the exact listing', async ({ page, request }) => {
  const category = await categoryByPath(request, SNEAKERS);
  const total = await listingCount(request, { categoryId: category.id });
  await page.goto(SNEAKERS);
  await settled(page);
  const pagination = page.getByRole('navigation', { name: 'Страницы' });
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('1');
  const firstPage = await cardNames(page);
  await expect(productCards(page)).toHaveCount(24);

  await pagination.getByRole('link', { name: 'Страница 4' }).click();
  await expect(page).toHaveURL(/\?page=4$/);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('4');
  await settled(page);
  await expect(productCards(page)).toHaveCount(total - 3 * 24);

  await pagination.getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await settled(page);
  const secondPage = await cardNames(page);
  expect(secondPage).not.toEqual(firstPage);

  // A filter change starts again from the first page.
  await pickInChip(page, 'Размер', ['42']);
  await expect(page).toHaveURL(/\?f1=42$/);
  await settled(page);
  const filtered = await cardNames(page);

  await page.goBack();
  await expect(page).toHaveURL(/\?page=2$/);
  await settled(page);
  expect(await cardNames(page)).toEqual(secondPage);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
  await expect(filterBar(page).getByRole('button', { name: 'Размер', exact: true })).toBeVisible();

  await page.goForward();
  await expect(page).toHaveURL(/\?f1=42$/);
  await settled(page);
  expect(await cardNames(page)).toEqual(filtered);

  // A shared link opens the same listing.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await settled(other);
  expect(await cardNames(other)).toEqual(filtered);
  await expect(filterBar(other).getByRole('button', { name: 'Размер 1' })).toBeVisible();
});

test('while the next page loads, the current results stay under «Загрузка...»', async ({ page }) => {
  await page.goto(SNEAKERS);
  await settled(page);
  const before = await cardNames(page);
  const release = await holdListingProducts(page);
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page.getByText('Загрузка...')).toBeVisible();
  expect(await cardNames(page)).toEqual(before);
  release();
  await settled(page);
  expect(await cardNames(page)).not.toEqual(before);
});

// Guards the catalogue's listings on desktop: filters narrow the list and its count, the price
// range applies when the handle is released, sort orders the list, pages, and the URL as state.

import { gql } from '../support/catalog.ts';
import { brandByName, categoryByPath, listingCount } from '../support/catalog-data.ts';
import { cardNames, cardPrices, expectTotal, filterBar, holdListingProducts, pickInChip, productCards, settled } from '../support/catalog-listing.ts';
import { expect, test } from '../support/test.ts';

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

  const firstTitle = await page.title();
  expect(firstTitle).not.toContain('страница');
  await pagination.getByRole('link', { name: 'Страница 4' }).click();
  await expect(page).toHaveURL(/\?page=4$/);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('4');
  // each page of a listing has its own title (search results and tabs tell them apart)
  await expect(page).toHaveTitle(/ — страница 4 \| /);
  await settled(page);
  await expect(productCards(page)).toHaveCount(total - 3 * 24);

  await pagination.getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await settled(page);
  await expect(page).toHaveTitle(/ — страница 2 \| /);
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

  // page 2's own title is in the server's HTML too
  const html = await (await request.get(`${SNEAKERS}?page=2`)).text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/ — страница 2 \| /);

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

test.describe('a link with parameters that make no sense', () => {
  for (const [what, query] of [
    ['a brand that is no id', 'brand=abc'],
    ['ids with a space', 'brand=1%202'],
    ['a property the catalogue does not have', 'f99=abc'],
    ['control characters', 'f1=%00%01&brand=%01'],
    ['a page number that is not one', 'page=abc'],
  ] as const) {
    test(`${what} (?${query}): the filter is ignored and said so, the list shows`, async ({ page, request }) => {
      const category = await categoryByPath(request, SNEAKERS);
      await page.goto(`${SNEAKERS}?${query}`);
      await expectTotal(page, await listingCount(request, { categoryId: category.id }));
      await expect(page.getByTestId('listing-link-notice')).toContainText('Часть фильтров из ссылки не распознана');
      await expect(page.getByText('Проверьте соединение')).toHaveCount(0);
      await page.getByTestId('listing-link-notice').getByRole('link', { name: 'Убрать их из адреса' }).click();
      await expect(page).toHaveURL(new RegExp(`${SNEAKERS}$`));
      await expect(page.getByTestId('listing-link-notice')).toHaveCount(0);
    });
  }

  test('a value the property does not have (f<size>=42,abc): 42 applies, abc is named and dropped', async ({ page, request }) => {
    const category = await categoryByPath(request, SNEAKERS);
    const { properties } = await gql<{ properties: { id: string; name: string }[] }>(request, '{ properties { id name } }');
    const size = properties.find((p) => p.name === 'size');
    if (!size) throw new Error('the catalogue should have sizes');
    await page.goto(`${SNEAKERS}?f${size.id}=42,abc`);
    const only42 = await listingCount(request, { categoryId: category.id }, { properties: [{ propertyId: size.id, values: ['42'] }] });
    await expectTotal(page, only42);
    await expect(page.getByTestId('listing-link-notice')).toContainText('Часть фильтров из ссылки не распознана и не применена: Размер «abc».');
    // the size filter counts the one size it applies (it used to say «Размер 2»)
    await expect(filterBar(page).getByRole('button', { name: 'Размер 1' })).toBeVisible();
    await page.getByTestId('listing-link-notice').getByRole('link', { name: 'Убрать их из адреса' }).click();
    await expect(page).toHaveURL(new RegExp(`${SNEAKERS}\\?f${size.id}=42$`));
    await expect(page.getByTestId('listing-link-notice')).toHaveCount(0);
    await expectTotal(page, only42);
  });

  test('a page far past the last one says so and links to the first', async ({ page }) => {
    for (const query of ['page=5000', 'page=99999999999999999999', 'page=999']) {
      await page.goto(`${SNEAKERS}?${query}`);
      await expect(page.getByTestId('listing-beyond-last-page')).toContainText('Такой страницы в списке нет');
      await expect(page.getByText('Проверьте соединение')).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Перейти на первую страницу' }).click();
    await expect(page).toHaveURL(new RegExp(`${SNEAKERS}$`));
    await expect(productCards(page).first()).toBeVisible();
  });

  test('a search text with control characters is no connection error', async ({ page }) => {
    await page.goto('/search?search=%00%01');
    await expect(page.getByTestId('catalog-listing')).toBeVisible();
    await expect(page.getByText('Проверьте соединение')).toHaveCount(0);
  });

  test('an inverted price range shows what its chip says', async ({ page, request }) => {
    const category = await categoryByPath(request, SNEAKERS);
    await page.goto(`${SNEAKERS}?priceFrom=20000&priceTo=10000`);
    await expectTotal(page, await listingCount(request, { categoryId: category.id }, { priceFrom: 10000, priceTo: 20000 }));
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(10000);
    }
  });
});

test('a property the page offers no list for (fcolor) is shown as an applied filter and can be removed', async ({ page, request }) => {
  const category = await categoryByPath(request, SNEAKERS);
  const { properties, productFilters } = await gql<{
    properties: { id: string; name: string; title: string }[];
    productFilters: { properties: { id: string }[] };
  }>(request, 'query($scope: ListingScopeInput) { properties { id name title } productFilters(scope: $scope) { properties { id } } }', {
    scope: { categoryId: category.id },
  });
  const hidden = properties.find((p) => p.name === 'color') ?? properties.find((p) => !productFilters.properties.some((o) => o.id === p.id));
  if (!hidden) throw new Error('the seeded catalogue should have a property the listing does not offer');
  const { products } = await gql<{ products: { items: { colorName: string }[] } }>(
    request,
    'query($scope: ListingScopeInput) { products(scope: $scope, limit: 1) { items { colorName } } }',
    { scope: { categoryId: category.id } },
  );
  const value = hidden.name === 'color' ? (products.items[0]?.colorName ?? 'красный') : 'x';
  const all = await listingCount(request, { categoryId: category.id });
  const filtered = await listingCount(request, { categoryId: category.id }, { properties: [{ propertyId: hidden.name, values: [value] }] });
  expect(filtered).toBeLessThan(all);

  await page.goto(`${SNEAKERS}?f${hidden.name}=${encodeURIComponent(value)}`);
  await expectTotal(page, filtered);
  const applied = page.getByRole('list', { name: 'Применённые фильтры' });
  await expect(applied.getByRole('listitem')).toHaveText([`${hidden.title}: ${value}×`]);
  await applied.getByRole('button', { name: `Убрать фильтр «${hidden.title}: ${value}»` }).click();
  await expect(page).toHaveURL(new RegExp(`${SNEAKERS}$`));
  await expectTotal(page, all);
  await expect(applied).toHaveCount(0);
});

test.describe('wide screens (the sidebar)', () => {
  test.use({ viewport: { width: 1600, height: 900 } });

  test('a category from the link is ticked in the sidebar, no extra chip, and can be removed', async ({ page, request }) => {
    const parent = await categoryByPath(request, '/catalog/obuv');
    const sneakers = await categoryByPath(request, SNEAKERS);
    await page.goto(`/catalog/obuv?category=${sneakers.id}`);
    await expectTotal(page, await listingCount(request, { categoryId: parent.id }, { categoryIds: [sneakers.id] }));
    const box = page.getByRole('complementary', { name: 'Фильтры' }).getByRole('group', { name: 'Категория' }).getByRole('checkbox', { name: new RegExp(`^${sneakers.name} `) });
    await expect(box).toBeChecked();
    await expect(page.getByRole('list', { name: 'Применённые фильтры' })).toHaveCount(0);
    await box.uncheck();
    await expect(page).toHaveURL(/\/catalog\/obuv$/);
    await expectTotal(page, await listingCount(request, { categoryId: parent.id }));
  });
});

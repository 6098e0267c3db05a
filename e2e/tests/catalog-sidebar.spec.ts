// Guards the sidebar variant of the listing filters on wide screens (from 1440 px): category, brand and
// property checkboxes, the price slider and the sort radios apply to the URL at once, each section
// resets on its own, «Сбросить все фильтры» goes to the bare path, back restores the listing; the
// loading overlay covers only the results. Below 1440 px the chips stay, with no sidebar.

import { gql } from '../support/catalog.ts';
import { brandByName, categoryByPath, listingCount } from '../support/catalog-data.ts';
import { cardNames, cardPrices, expectTotal, filterBar, holdListingProducts, settled } from '../support/catalog-listing.ts';
import { expect, type Page, test } from '../support/test.ts';

const SNEAKERS = '/catalog/obuv/krossovki';
const rub = (text: string) => Number(text.replace(/\D/g, ''));
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Фильтры' });

interface Facets {
  productFilters: { brands: { id: string; name: string; count: number }[]; properties: { id: string; name: string }[] };
}

async function facets(request: Parameters<typeof gql>[0], scope: Record<string, unknown>) {
  const { productFilters } = await gql<Facets>(
    request,
    'query($scope: ListingScopeInput) { productFilters(scope: $scope) { brands { id name count } properties { id name } } }',
    { scope },
  );
  return productFilters;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('brand, size, sort and price apply at once from the sidebar; reset all and back', async ({ page, request }) => {
  const category = await categoryByPath(request, SNEAKERS);
  const nike = await brandByName(request, 'Nike');
  const scope = { categoryId: category.id };
  const data = await facets(request, scope);
  const size = data.properties.find((p) => p.name === 'size');
  const nikeFacet = data.brands.find((b) => b.id === nike.id);
  if (!size || !nikeFacet) throw new Error('the seeded sneakers should offer Nike and sizes');

  await page.goto(SNEAKERS);
  await settled(page);
  const side = sidebar(page);
  await expect(side).toBeVisible();
  // The sidebar replaces the chips: only one set of filters is on the page (and in the accessibility tree).
  await expect(filterBar(page)).toHaveCount(0);
  for (const name of ['Бренд', 'Размер', 'Цена', 'Сортировка']) await expect(side.getByRole('group', { name })).toBeVisible();
  await expect(side.getByRole('link', { name: 'Сбросить все фильтры' })).toHaveCount(0);
  const total = await listingCount(request, scope);
  await expectTotal(page, total);

  // A brand: no «Применить», the URL changes at once; the count is the API's.
  await side.getByRole('group', { name: 'Бренд' }).getByRole('checkbox', { name: `Nike ${nikeFacet.count}` }).check();
  await expect(page).toHaveURL(new RegExp(`${SNEAKERS}\\?brand=${nike.id}$`));
  const byBrand = await listingCount(request, scope, { brandIds: [nike.id] });
  expect(byBrand).toBeLessThan(total);
  await expectTotal(page, byBrand);
  await settled(page);
  for (const name of await cardNames(page)) expect(name).toContain('Nike');

  // A size.
  await side.getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: /^42\b/ }).check();
  await expect(page).toHaveURL(new RegExp(`\\?brand=${nike.id}&f${size.id}=42$`));
  const filter = { brandIds: [nike.id], properties: [{ propertyId: size.id, values: ['42'] }] };
  await expectTotal(page, await listingCount(request, scope, filter));

  // Sort: a radio group, applied on change, arrows move the choice.
  const ascending = side.getByRole('radio', { name: 'По возрастанию цены' });
  await ascending.check();
  await expect(page).toHaveURL(new RegExp(`\\?sort=priceup&brand=${nike.id}&f${size.id}=42$`));
  await settled(page);
  const up = await cardPrices(page);
  expect(up.length).toBeGreaterThan(1);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await ascending.focus();
  await page.keyboard.press('ArrowDown');
  await expect(side.getByRole('radio', { name: 'По убыванию цены' })).toBeChecked();
  await expect(page).toHaveURL(/\?sort=pricedown&/);
  await settled(page);
  const down = await cardPrices(page);
  expect(down).toEqual([...down].sort((a, b) => b - a));

  // Price from the keyboard: each key press applies.
  const lower = side.getByRole('slider', { name: 'Цена от' });
  const upper = side.getByRole('slider', { name: 'Цена до' });
  const min = rub(await side.getByRole('textbox', { name: 'Минимальная цена' }).inputValue());
  const max = rub(await side.getByRole('textbox', { name: 'Максимальная цена' }).inputValue());
  expect(min).toBeLessThan(max);
  await lower.focus();
  await page.keyboard.press('ArrowRight');
  await expect(lower).toHaveAttribute('aria-valuenow', String(min + 1));
  await expect(page).toHaveURL(new RegExp(`&priceFrom=${min + 1}&priceTo=${max}&`));
  await upper.focus();
  await page.keyboard.press('End');
  await expect(page).toHaveURL(new RegExp(`&priceFrom=${min + 1}&priceTo=${max}&`));
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`&priceFrom=${min + 1}&priceTo=${max - 1}&`));
  await expectTotal(page, await listingCount(request, scope, { ...filter, priceFrom: min + 1, priceTo: max - 1 }));
  await settled(page);
  for (const price of await cardPrices(page)) {
    expect(price).toBeGreaterThanOrEqual(min + 1);
    expect(price).toBeLessThanOrEqual(max - 1);
  }

  // A section's own reset applies at once and keeps the rest.
  await side.getByRole('button', { name: 'Сбросить: Цена' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sort=pricedown&brand=${nike.id}&f${size.id}=42$`));
  await settled(page);

  // Reset all: the bare path; back restores the listing as it was.
  const filteredUrl = page.url();
  const filteredNames = await cardNames(page);
  await side.getByRole('link', { name: 'Сбросить все фильтры' }).click();
  await expect(page).toHaveURL(SNEAKERS);
  await expectTotal(page, total);
  await expect(side.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(side.getByRole('radio', { name: 'По новинкам' })).toBeChecked();

  await page.goBack();
  await expect(page).toHaveURL(filteredUrl);
  await settled(page);
  expect(await cardNames(page)).toEqual(filteredNames);
  await expect(side.getByRole('checkbox', { name: /^Nike / })).toBeChecked();
  await expect(side.getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: /^42\b/ })).toBeChecked();
  await expect(side.getByRole('radio', { name: 'По убыванию цены' })).toBeChecked();
});

test('the loading overlay covers only the results; the sidebar keeps its place', async ({ page }) => {
  await page.goto(SNEAKERS);
  await settled(page);
  const side = sidebar(page);
  const before = await side.boundingBox();
  // Where the size list sits in the sidebar: the resets that appear with a filter must not move it.
  const sizePlace = () =>
    side.getByRole('group', { name: 'Размер' }).evaluate((group) => {
      const column = group.closest('aside');
      if (!column) throw new Error('no sidebar');
      const [box, columnBox] = [group.getBoundingClientRect(), column.getBoundingClientRect()];
      // in the column's own coordinates: the column scrolls by itself
      return { top: box.top - columnBox.top + column.scrollTop, width: box.width };
    });
  const sizeBefore = await sizePlace();
  const release = await holdListingProducts(page);
  await side.getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: /^42\b/ }).check();
  const overlay = page.getByTestId('listing-loading');
  await expect(overlay).toBeVisible();
  await expect(page.getByText('Загрузка...')).toBeVisible();
  const covered = await overlay.boundingBox();
  const sideBox = await side.boundingBox();
  if (!covered || !sideBox || !before) throw new Error('no overlay or sidebar');
  expect(covered.x).toBeGreaterThanOrEqual(sideBox.x + sideBox.width);
  release();
  await settled(page);
  // Sticky, it may have moved up with the page, never sideways nor in width.
  const after = await side.boundingBox();
  expect({ x: after?.x, width: after?.width }).toEqual({ x: before.x, width: before.width });
  await expect(side.getByRole('link', { name: 'Сбросить все фильтры' })).toBeVisible();
  await expect(side.getByRole('button', { name: 'Сбросить: Размер' })).toBeVisible();
  expect(await sizePlace()).toEqual(sizeBefore);
});

test('a brand page has no «Бренд» section; search results sort by relevance first', async ({ page, request }) => {
  const { brands } = await gql<{ brands: { items: { name: string; webPath: string }[] } }>(
    request,
    '{ brands(limit: 100) { items { name webPath } } }',
  );
  const nike = brands.items.find((b) => b.name === 'Nike');
  if (!nike) throw new Error('no Nike');
  await page.goto(nike.webPath);
  await settled(page);
  await expect(sidebar(page).getByRole('group', { name: 'Размер' })).toBeVisible();
  await expect(sidebar(page).getByRole('group', { name: 'Бренд' })).toHaveCount(0);

  await page.goto('/search?search=кроссовки');
  await settled(page);
  const sort = sidebar(page).getByRole('group', { name: 'Сортировка' });
  await expect(sort.getByRole('radio', { name: 'По совпадению' })).toBeChecked();
  await sidebar(page).getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: /^42\b/ }).check();
  await expect(page).toHaveURL(/\/search\?search=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8&fsize=42$/);
  await sidebar(page).getByRole('link', { name: 'Сбросить все фильтры' }).click();
  await expect(page).toHaveURL(/\/search\?search=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8$/);
});

test.describe('below 1440 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the chips show and the sidebar does not; widening the window swaps them', async ({ page }) => {
    await page.goto(SNEAKERS);
    await settled(page);
    await expect(filterBar(page)).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByTestId('listing-sidebar')).toHaveCount(0);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(sidebar(page)).toBeVisible();
    await expect(filterBar(page)).toHaveCount(0);
    await page.setViewportSize({ width: 1439, height: 900 });
    await expect(filterBar(page)).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
  });
});

test('a listing spanning several categories offers them in the sidebar, applied at once', async ({ page, request }) => {
  const shoes = await categoryByPath(request, '/catalog/obuv');
  const boots = await categoryByPath(request, '/catalog/obuv/botinki');
  await page.goto('/catalog/obuv');
  await settled(page);
  const group = sidebar(page).getByRole('group', { name: 'Категория' });
  await expect(group.locator('label')).toHaveText([/^Ботинки\s*\d+$/, /^Кеды\s*\d+$/, /^Кроссовки\s*\d+$/]);
  await group.getByRole('checkbox', { name: /^Ботинки / }).check();
  await expect(page).toHaveURL(new RegExp(`/catalog/obuv\\?category=${boots.id}$`));
  await expectTotal(page, await listingCount(request, { categoryId: shoes.id }, { categoryIds: [boots.id] }));
  await settled(page);
  for (const name of await cardNames(page)) expect(name).toContain('Ботинки');
  await sidebar(page).getByRole('button', { name: 'Сбросить: Категория' }).click();
  await expect(page).toHaveURL(/\/catalog\/obuv$/);
  // a search spans the whole catalogue: its categories are there too
  await page.goto('/search?search=nike');
  await settled(page);
  await expect(sidebar(page).getByRole('group', { name: 'Категория' }).getByRole('checkbox', { name: /^Кроссовки / })).toBeVisible();
});

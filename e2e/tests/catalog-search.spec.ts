// Guards the catalogue's search results: typos and the wrong keyboard layout still find
// products, the corrected query is shown, search sorts by relevance first and uses subject/fsize.

import { listingCount } from '../support/catalog-data.ts';
import { cardNames, expectTotal, filterBar, pickInChip, settled } from '../support/catalog-listing.ts';
import { expect, test } from '../support/test.ts';

test.use({ viewport: { width: 1280, height: 900 } });

for (const typed of ['кросовки', 'rhjccjdrb']) {
  test(`«${typed}» finds sneakers`, async ({ page, request }) => {
    await page.goto(`/search?search=${encodeURIComponent(typed)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Результаты поиска «${typed}»`);
    await expect(page.getByText('Показаны результаты по запросу «кроссовки»')).toBeVisible();
    const total = await listingCount(request, { search: typed });
    expect(total).toBeGreaterThan(0);
    await expectTotal(page, total);
    await settled(page);
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('Кроссовки');
  });
}

test('search sorts by relevance first and writes its own parameters', async ({ page }) => {
  await page.goto('/search?search=кроссовки');
  await expect(filterBar(page).getByRole('button', { name: 'Сортировка По совпадению' })).toBeVisible();
  await filterBar(page).getByRole('button', { name: /^Сортировка/ }).click();
  const options = await page.getByRole('dialog', { name: 'Сортировка' }).getByRole('radio').evaluateAll((els) =>
    els.map((el) => el.closest('label')?.textContent?.trim()),
  );
  expect(options).toEqual(['По совпадению', 'По новинкам', 'По возрастанию цены', 'По убыванию цены']);
  await page.keyboard.press('Escape');
  await pickInChip(page, 'Размер', ['42']);
  await expect(page).toHaveURL(/\/search\?search=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8&fsize=42$/);
});

test('an empty result says so and offers to reset the filters', async ({ page }) => {
  await page.goto('/search?search=кроссовки&priceFrom=1&priceTo=2');
  await expect(page.getByText('Ничего не нашлось')).toBeVisible();
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(page).toHaveURL(/\/search\?search=[^&]+$/);
  await expect(page.getByText('Ничего не нашлось')).toHaveCount(0);
});

test('«Показаны результаты по запросу …» only when the query was changed, never on an empty result', async ({ page, request }) => {
  // typed correctly, or with prepositions: searched as typed, no notice (it used to say «кроссовки найт», «белый кроссовки nike»)
  for (const typed of ['белые кроссовки nike', 'кроссовки на', 'ботинки на зиму', 'кроссовки для бега']) {
    await page.goto(`/search?search=${encodeURIComponent(typed)}`);
    const total = await listingCount(request, { search: typed });
    expect(total, typed).toBeGreaterThan(0);
    await expectTotal(page, total);
    await settled(page);
    await expect(page.getByTestId('search-corrected')).toHaveCount(0);
  }
  // nothing found: no notice next to «Ничего не нашлось»
  await page.goto(`/search?search=${encodeURIComponent("'; DROP TABLE products;--")}`);
  await expect(page.getByText('Ничего не нашлось')).toBeVisible();
  await expect(page.getByTestId('search-corrected')).toHaveCount(0);
});

test.describe('a search that finds nothing says why and offers what does find something', () => {
  for (const width of [360, 1280]) {
    test(`a word no product has, at ${width} px: named, and the query without it offered with its count`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      // it used to show every sneaker under «Показаны результаты по запросу «кроссовки на»»
      await page.goto(`/search?search=${encodeURIComponent('кроссовки на липучке')}&fsize=42`);
      const empty = page.getByTestId('listing-empty');
      await expect(empty.getByText('Ничего не нашлось')).toBeVisible();
      await expect(empty.getByText('Слово «липучке» не встречается ни в одном товаре.')).toBeVisible();
      await expect(page.getByTestId('search-corrected')).toHaveCount(0);
      const total = await listingCount(request, { search: 'кроссовки' }, { properties: [{ propertyId: 'size', values: ['42'] }] });
      const offer = page.getByTestId('search-alternatives').getByRole('listitem');
      await expect(offer).toHaveText(new RegExp(`^«кроссовки» без «липучке» — ${total} товар`));
      await expect(empty.getByRole('navigation', { name: 'Разделы каталога' }).getByRole('link')).toHaveText(['Кроссовки']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // the offer keeps the listing's filters
      await offer.getByRole('link').click();
      await expect(page).toHaveURL(/\/search\?search=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8&fsize=42$/);
      await expectTotal(page, total);
    });
  }

  test('nothing known at all: said, with the catalogue\'s sections to open', async ({ page }) => {
    await page.goto(`/search?search=${encodeURIComponent('платье')}`);
    const empty = page.getByTestId('listing-empty');
    await expect(empty.getByText('Слово «платье» не встречается ни в одном товаре.')).toBeVisible();
    await expect(empty.getByTestId('search-alternatives')).toHaveCount(0);
    const sections = empty.getByRole('navigation', { name: 'Разделы каталога' });
    await expect(sections.getByRole('link')).toHaveText(['Обувь', 'Одежда']);
    await sections.getByRole('link', { name: 'Одежда' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Одежда');
  });

  test('a mistyped article: said, with the nearest article to open', async ({ page }) => {
    // two digits of DD1391-100 swapped: it used to list T-shirts by the «100» of «100% хлопок»
    await page.goto('/search?search=DD1319-100');
    const empty = page.getByTestId('listing-empty');
    await expect(empty.getByText('Товара с артикулом «DD1319-100» в каталоге нет.')).toBeVisible();
    await expect(empty.getByText('Возможно, вы искали:')).toBeVisible();
    await empty.getByRole('link', { name: 'DD1391-100 — Кроссовки Nike Dunk Low' }).click();
    await expectTotal(page, 1);
    expect(await cardNames(page)).toEqual([expect.stringContaining('Кроссовки Nike Dunk Low')]);
  });

  test('words known one by one but not together: the query without one of them, each counted', async ({ page, request }) => {
    await page.goto(`/search?search=${encodeURIComponent('черные кроссовки найк 42')}`);
    const empty = page.getByTestId('listing-empty');
    await expect(empty.getByText('Все слова запроса вместе не встречаются ни в одном товаре.')).toBeVisible();
    const offers = await empty.getByTestId('search-alternatives').getByRole('link').allTextContents();
    expect(offers.length).toBeGreaterThan(0);
    for (const text of offers) {
      const query = text.replace(/^«|»$/g, '');
      expect(await listingCount(request, { search: query }), query).toBeGreaterThan(0);
    }
  });
});

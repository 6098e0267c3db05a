// «Таблица размеров» on the product page: the chart of the product's category and brand from the
// catalogue (RU/EU/US and centimetres), its sizes on sale marked, readable on a 360 px phone.
import { gql } from '../support/catalog.ts';
import { asReturningShopper } from '../support/product-page.ts';
import { expect, test } from '../support/test.ts';

test('a shopper on a phone opens the size chart of a Nike shoe and closes it with Escape', async ({ browser, request }) => {
  const data = await gql<{ products: { items: { webPath: string; brand: { name: string }; mainCategory: { name: string }; offers: { size: string }[] }[] } }>(
    request,
    '{ products(limit: 100) { items { webPath brand { name } mainCategory { name } offers { size } } } }',
  );
  const nike = data.products.items.find((p) => p.brand.name === 'Nike' && ['Кроссовки', 'Кеды', 'Ботинки'].includes(p.mainCategory.name));
  expect(nike).toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await asReturningShopper(page);
    await page.goto(nike?.webPath as string);
    await page.getByRole('button', { name: 'Таблица размеров' }).click();
    const dialog = page.getByRole('dialog', { name: 'Размеры обуви Nike' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('columnheader')).toHaveText(['Размер', 'RU', 'EU', 'US', 'Длина стопы, см']);
    await expect(dialog.getByTestId('size-chart-row')).toHaveCount(11);
    // the sizes this model is sold in are marked (bold) in the chart
    const sold = nike?.offers.map((o) => o.size) ?? [];
    const marked = await dialog.getByTestId('size-chart-row').evaluateAll((rows) =>
      rows.filter((r) => getComputedStyle(r).fontWeight === '600').map((r) => r.querySelector('th')?.textContent),
    );
    expect(marked.sort()).toEqual([...sold].sort());
    await expect(dialog.getByText(/Измерьте стопу/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Таблица размеров' })).toBeFocused();
  } finally {
    await context.close();
  }
});

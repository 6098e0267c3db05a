// Guards the catalogue's e-commerce analytics: impressions reach window.dataLayer once per
// product per list, only for cards actually seen, and a card click sends the RUB payload.

import { productCards, settled } from '../support/catalog-listing.ts';
import { expect, type Page, test } from '../support/test.ts';

test.use({ viewport: { width: 1280, height: 900 } });

type Impression = { id: string; name: string; price: number; list: string; position: number; brand: string; category: string };

async function impressions(page: Page): Promise<Impression[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { ecommerce?: { impressions?: Impression[] } }[] }).dataLayer ?? []).flatMap(
      (e) => e.ecommerce?.impressions ?? [],
    ),
  );
}

test('impressions reach dataLayer once per item, and only when seen', async ({ page }) => {
  await page.goto('/catalog/obuv/krossovki');
  await settled(page);
  await expect.poll(async () => (await impressions(page)).length).toBeGreaterThan(0);
  const firstScreen = await impressions(page);
  // Only the first rows are on screen: the 24 cards were not all counted.
  expect(firstScreen.length).toBeLessThan(24);
  expect(firstScreen[0]).toMatchObject({ list: 'Кроссовки', position: 1, price: expect.any(Number), brand: expect.any(String) });

  // Scroll through the whole list and back.
  const cards = productCards(page);
  for (let i = 0; i < (await cards.count()); i += 4) await cards.nth(i).scrollIntoViewIfNeeded();
  await cards.last().scrollIntoViewIfNeeded();
  await page.waitForTimeout(600);
  await cards.first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(600);

  const all = await impressions(page);
  const ids = all.filter((i) => i.list === 'Кроссовки').map((i) => i.id);
  expect(ids).toHaveLength(24);
  expect(new Set(ids).size).toBe(24);
  expect(all.map((i) => i.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
});

test('a product click sends the product with its price in roubles', async ({ page }) => {
  await page.goto('/catalog/obuv/krossovki');
  await settled(page);
  const card = productCards(page).nth(1);
  const link = card.locator('a[href^="/product/"]:not([aria-label])');
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/product\//);
  const clicks = await page.evaluate(() =>
    ((window as unknown as { dataLayer: { ecommerce?: { currencyCode: string; click?: unknown } }[] }).dataLayer ?? [])
      .filter((e) => e.ecommerce?.click)
      .map((e) => e.ecommerce),
  );
  expect(clicks).toHaveLength(1);
  expect(clicks[0]).toMatchObject({
    currencyCode: 'RUB',
    click: { actionField: { list: 'Кроссовки' }, products: [{ list: 'Кроссовки', position: 2, category: 'Кроссовки', price: expect.any(Number) }] },
  });
  expect(name).toContain((clicks[0] as { click: { products: { name: string }[] } }).click.products[0]?.name);
});

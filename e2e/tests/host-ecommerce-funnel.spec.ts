// Guards that one product has one id in every e-commerce event of the funnel (impression,
// click, detail, add, remove, checkout) and that the chosen size goes in `variant`, so the
// metrics counter can join them. (Purchase uses the same mapper on the order's lines: unit test
// mf-product/src/buy/ecommerce-funnel.test.ts.)

import { returningVisitor } from '../support/fresh-visitor.ts';
import { expect, type Page, test } from '../support/test.ts';

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeEach(async ({ page }) => returningVisitor(page));

type Payload = { id: string; name: string; variant?: string };
type Events = Record<string, Payload[]>;

/** The products of every e-commerce event so far, by event type. */
async function funnel(page: Page): Promise<Events> {
  return page.evaluate(() => {
    const out: Record<string, unknown[]> = {};
    for (const entry of (window as unknown as { dataLayer?: { ecommerce?: Record<string, unknown> }[] }).dataLayer ?? []) {
      for (const [type, value] of Object.entries(entry.ecommerce ?? {})) {
        if (type === 'currencyCode') continue;
        const products = Array.isArray(value) ? value : ((value as { products?: unknown[] }).products ?? []);
        out[type] = [...(out[type] ?? []), ...products];
      }
    }
    return out as Events;
  });
}

test('a product keeps one id from its impression to checkout; the size is the variant', async ({ page }) => {
  await page.goto('/catalog/obuv/krossovki');
  const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]:not([aria-label])').first();
  await expect(card).toBeVisible();
  await expect.poll(async () => ((await funnel(page)).impressions ?? []).length).toBeGreaterThan(0);
  await card.click();
  await expect.poll(async () => ((await funnel(page)).click ?? []).length).toBe(1);
  const id = (await funnel(page)).click?.[0]?.id;
  expect(id).toBeTruthy();
  // The first card was on screen: its impression names it by the same id.
  expect(((await funnel(page)).impressions ?? []).filter((p) => p.id === id)).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
  const size = page.getByTestId('product-page').getByRole('radio', { disabled: false }).first();
  const sizeLabel = ((await size.getAttribute('aria-label')) ?? (await size.evaluate((el) => (el as HTMLInputElement).value))).trim();
  await size.check();
  await page.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect.poll(async () => ((await funnel(page)).add ?? []).length).toBe(1);

  await page.evaluate(() => {
    history.pushState({}, '', '/checkout');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible();
  await expect.poll(async () => ((await funnel(page)).checkout ?? []).length).toBe(1);

  await page.evaluate(() => {
    history.pushState({}, '', '/cart');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('button', { name: /^Удалить: / }).click();
  await expect.poll(async () => ((await funnel(page)).remove ?? []).length).toBe(1);

  const events = await funnel(page);
  const ofProduct = (type: string) => (events[type] ?? []).filter((p) => p.id === id);
  expect(ofProduct('click')).toHaveLength(1);
  expect(ofProduct('detail')).toHaveLength(1);
  for (const type of ['add', 'checkout', 'remove']) {
    expect(events[type], type).toEqual([expect.objectContaining({ id })]);
    expect(events[type]?.[0]?.variant, type).toBeTruthy();
  }
  // The size is the variant, the same one in each event.
  expect(new Set(['add', 'checkout', 'remove'].map((type) => events[type]?.[0]?.variant)).size).toBe(1);
  expect(sizeLabel).toContain(events.add?.[0]?.variant ?? '—');
});

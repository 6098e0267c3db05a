// The host's page cache in the real browser against the real stack: a page for anyone is served
// stored to the next shopper and hydrates as a fresh one does; a size sold out by an order the host
// never saw (straight to the API) is sold out on the next shopper's page without anyone purging
// anything; a page private to one shopper (an order's) is never stored.
import { randomBytes } from 'node:crypto';
import { VALID_DETAILS } from '../support/cart.ts';
import { gql, trustedBody } from '../support/catalog.ts';
import { asReturningShopper } from '../support/product-page.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

type Offer = { id: string; size: string; priceInRUB: number; stock: number; soldOut: boolean };

/**
 * A size with one unit left, from the end of the catalogue but not one of the last two (the order
 * spec buys the last one there, and the one before on its retry).
 */
async function oneUnitLeft(request: APIRequestContext) {
  const found: { webPath: string; offer: Offer }[] = [];
  for (let offset = 0; offset < 480; offset += 12) {
    const data = await gql<{ products: { items: { webPath: string; offers: Offer[] }[] } }>(
      request,
      'query($offset: Int) { products(limit: 12, offset: $offset) { items { webPath offers { id size priceInRUB stock soldOut } } } }',
      { offset },
    );
    for (const product of data.products.items) {
      for (const offer of product.offers.filter((o) => o.stock === 1 && !o.soldOut)) found.push({ webPath: product.webPath, offer });
    }
    if (data.products.items.length < 12) break;
  }
  const unit = found.at(-3);
  if (!unit) throw new Error('the seeded catalogue has fewer than three sizes with exactly one unit left');
  return unit;
}

const sizeRadio = (page: Page, size: string) => page.getByTestId('product-page').getByRole('radio', { name: size, exact: true });

test('a page for anyone is stored, served to the next shopper and hydrates; an order straight to the API sells its size out on it', async ({ browser, request }) => {
  const unit = await oneUnitLeft(request);
  // the first shopper's visit renders and stores it (a path without a query is kept at once)
  await request.get(unit.webPath);
  const again = await request.get(unit.webPath);
  expect(again.headers()['x-cache']).toBe('HIT');

  const shopper = await browser.newPage();
  await asReturningShopper(shopper);
  const violations: string[] = [];
  shopper.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await shopper.goto(unit.webPath);
  expect(response?.headers()['x-cache']).toBe('HIT');
  await expect(sizeRadio(shopper, unit.offer.size)).toBeEnabled();
  // hydrated from the stored HTML: the size can be chosen
  await sizeRadio(shopper, unit.offer.size).check();
  await expect(sizeRadio(shopper, unit.offer.size)).toBeChecked();
  expect(violations).toEqual([]);

  // someone buys the last unit through the API itself: this host hears of it only from the API
  const order = await fetch(`${process.env.SHOP_API_URL}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      await trustedBody('mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } } }', {
        input: {
          idempotencyKey: `cache-e2e-${randomBytes(8).toString('hex')}`,
          orderData: {
            fullName: VALID_DETAILS.fullName,
            phone: '+7 (916) 123-45-67',
            email: VALID_DETAILS.email,
            city: VALID_DETAILS.city,
            address: VALID_DETAILS.address,
            deliveryMethod: 'CDEK_PICKUP',
            pickupPointCode: 'KZN1',
            personalDataConsent: true,
            consentVersion: '2025-09-01',
          },
          items: [{ offerId: unit.offer.id, quantity: 1, price: unit.offer.priceInRUB }],
        },
      }),
    ),
  });
  expect(((await order.json()) as { data: { createOrder: { success: boolean } } }).data.createOrder.success).toBe(true);

  // the next shopper's page shows it sold out, rendered anew (not the stored page from before)
  const next = await browser.newPage();
  await asReturningShopper(next);
  await expect(async () => {
    const answer = await next.goto(unit.webPath);
    expect(answer?.headers()['x-cache']).not.toBe('HIT');
    await expect(sizeRadio(next, unit.offer.size)).toBeDisabled({ timeout: 1000 });
  }).toPass({ timeout: 5000 });
  await shopper.close();
  await next.close();
});

test('an order’s page is never stored: its address carries the order’s key', async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const response = await request.get(`/order/SH-ABCDE?key=${'k'.repeat(24)}`);
    expect(response.status()).toBe(404);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['x-cache']).toBeUndefined();
  }
});

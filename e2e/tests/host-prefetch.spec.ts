// Pointing at a link asks the page resolver about it, so the click shows the page without that round trip.
import { expect, type Page, test } from '../support/test.ts';

/** GraphQL operations the page sends, by name: «ResolvePage /path», «ProductPage». */
function operations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { path?: string } } | null;
    if (body?.operationName === 'ResolvePage') names.push(`ResolvePage ${body.variables?.path ?? ''}`);
    else if (body?.operationName) names.push(body.operationName);
  });
  return names;
}

test('pointing at a product card resolves its page and fetches the product before the click; the click asks the API nothing', async ({ page }) => {
  await page.goto('/catalog/obuv');
  const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]').first();
  await expect(card).toBeVisible();
  const href = (await card.getAttribute('href')) ?? '';
  const calls = operations(page);

  await card.hover();
  await expect.poll(() => calls).toEqual([`ResolvePage ${href}`, 'ProductPage']);
  // Hovering again, or another pointer move over it, does not ask twice.
  await page.mouse.move(0, 0);
  await card.hover();

  await card.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
  // The click asks neither the resolver nor the product again (the head's meta and, when on screen, the
  // recommendations below the product are the page's own later queries).
  expect(calls.filter((name) => name.startsWith('ResolvePage') || name === 'ProductPage')).toEqual([`ResolvePage ${href}`, 'ProductPage']);
});

test('a link reached with the keyboard is resolved on focus too', async ({ page }) => {
  await page.goto('/catalog/obuv');
  const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]').first();
  await expect(card).toBeVisible();
  const href = (await card.getAttribute('href')) ?? '';
  const calls = operations(page);
  await card.focus();
  await expect.poll(() => calls).toEqual([`ResolvePage ${href}`, 'ProductPage']);
});

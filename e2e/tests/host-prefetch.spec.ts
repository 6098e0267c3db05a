// Pointing at a link asks the page resolver about it, so the click shows the page without that round trip.
import { expect, type Page, test } from '@playwright/test';

function resolverCalls(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { path?: string } } | null;
    if (body?.operationName === 'ResolvePage') paths.push(body.variables?.path ?? '');
  });
  return paths;
}

test('pointing at a product card resolves its page before the click; the click asks nothing more of the resolver', async ({ page }) => {
  await page.goto('/catalog/obuv');
  const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]').first();
  await expect(card).toBeVisible();
  const href = (await card.getAttribute('href')) ?? '';
  const calls = resolverCalls(page);

  await card.hover();
  await expect.poll(() => calls).toEqual([href]);
  // Hovering again, or another pointer move over it, does not ask twice.
  await page.mouse.move(0, 0);
  await card.hover();

  await card.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
  expect(calls).toEqual([href]);
});

test('a link reached with the keyboard is resolved on focus too', async ({ page }) => {
  await page.goto('/catalog/obuv');
  const card = page.getByTestId('catalog-listing').locator('a[href^="/product/"]').first();
  await expect(card).toBeVisible();
  const href = (await card.getAttribute('href')) ?? '';
  const calls = resolverCalls(page);
  await card.focus();
  await expect.poll(() => calls).toEqual([href]);
});

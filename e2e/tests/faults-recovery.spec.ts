// Guards that a page comes back by itself when the service does: no «Повторить» needed.

import { returningVisitor } from '../support/fresh-visitor.ts';
import { expect, test } from '../support/test.ts';

test('a listing that failed while offline loads by itself when the connection returns', async ({ page, context }) => {
  await returningVisitor(page);
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  // The catalogue's code is loaded; now the network goes away and the shopper opens a listing.
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' }).first();
  await expect(error).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await context.setOffline(false);
  await expect(error).toBeHidden();
  await expect(page.getByTestId('listing-total')).toBeVisible();
});

test('an API outage heals by itself: the section retries on its own until the API answers', async ({ page }) => {
  test.setTimeout(60_000);
  await returningVisitor(page);
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  await page.route('**/api/graphql', (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' }).first();
  await expect(error).toBeVisible();
  await page.unroute('**/api/graphql');
  // Nobody clicks «Повторить»: within the retry interval the listing arrives.
  await expect(page.getByTestId('listing-total')).toBeVisible({ timeout: 25_000 });
});

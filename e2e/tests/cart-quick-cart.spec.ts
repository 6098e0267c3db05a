// Guards the cart overlay on a real product page: each add shows the «Товар в корзине!» toast
// (photo, name, price, size) that goes by itself, «Показать корзину» opens the quick-cart
// panel, whose lines, stepper bounds, removal, total and links work and which Escape closes.

import { returningVisitor } from '../support/fresh-visitor.ts';
import { findProduct, rub } from '../support/product-page.ts';
import { expect, test } from '../support/test.ts';

test('two sizes added on the product page are announced and land in the quick-cart panel', async ({
  page,
  request,
}) => {
  await returningVisitor(page);
  // the first with two left: the panel's «+» stops at the free stock
  const product = await findProduct(
    request,
    'two sizes in stock, the first with two left',
    (p) => p.offers.filter((o) => !o.soldOut).length >= 2 && (p.offers.find((o) => !o.soldOut)?.stock ?? 0) >= 2,
  );
  const [first, second] = product.offers.filter((o) => !o.soldOut) as [
    (typeof product.offers)[number],
    (typeof product.offers)[number],
  ];
  await page.goto(product.webPath);
  const buy = page.locator('[data-remote="mf_product"]');
  const toast = page.getByTestId('cart-toast');

  await buy.getByRole('radio', { name: first.size, exact: true }).check();
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(toast).toContainText('Товар в корзине!');
  await expect(toast).toContainText(product.name);
  await expect(toast).toContainText(rub(first.priceInRUB));
  await expect(toast).toContainText(`размер: ${first.size}`);
  await expect(toast.locator('img')).toHaveAttribute('src', /^\/api\/photos\//);
  // It goes by itself after a few seconds.
  await expect(toast).toBeHidden({ timeout: 8000 });

  await buy.getByRole('radio', { name: second.size, exact: true }).check();
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(toast).toContainText(`размер: ${second.size}`);
  await toast.getByRole('button', { name: 'Показать корзину' }).click();
  await expect(toast).toBeHidden();

  const panel = page.getByTestId('quick-cart');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Закрыть' })).toBeVisible();
  await expect(panel).toContainText(`Размер: ${first.size}`);
  await expect(panel).toContainText(`Размер: ${second.size}`);
  await expect(panel.getByTestId('quick-cart-total')).toHaveText(rub(first.priceInRUB + second.priceInRUB));
  const minus = panel.getByRole('button', { name: `Уменьшить количество: ${product.name}, размер ${first.size}` });
  await expect(minus).toBeDisabled();
  await panel.getByRole('button', { name: `Увеличить количество: ${product.name}, размер ${first.size}` }).click();
  await expect(minus).toBeEnabled();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(panel.getByTestId('quick-cart-total')).toHaveText(rub(first.priceInRUB * 2 + second.priceInRUB));
  await panel.getByRole('button', { name: `Удалить: ${product.name}, размер ${second.size}` }).click();
  await expect(panel).not.toContainText(`Размер: ${second.size}`);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Escape closes it and gives the focus back; the header button opens it again.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'Корзина: 2 товара' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Корзина: 2 товара' })).toBeFocused();

  await page.getByRole('button', { name: 'Корзина: 2 товара' }).click();
  await panel.getByRole('link', { name: 'Перейти в корзину' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('cart-count-text')).toHaveText('2 товара');
});

// Guards the price slider from the keyboard: each handle is a «Цена от» / «Цена до» slider that
// moves by 1 ₽, applies on the key press, and stops at the other handle instead of crossing it.

import { cardPrices, filterBar, settled } from '../support/catalog-listing.ts';
import { expect, test } from '../support/test.ts';

const SNEAKERS = '/catalog/obuv/krossovki';
const rub = (text: string) => Number(text.replace(/\D/g, ''));

test.use({ viewport: { width: 1280, height: 900 } });

test('the price handles move by 1 ₽ from the keyboard, apply at once and never cross', async ({ page }) => {
  await page.goto(SNEAKERS);
  await settled(page);
  await filterBar(page).getByRole('button', { name: 'Цена' }).click();
  const lower = page.getByRole('slider', { name: 'Цена от' });
  const upper = page.getByRole('slider', { name: 'Цена до' });
  const minBox = page.getByRole('textbox', { name: 'Минимальная цена' });
  const maxBox = page.getByRole('textbox', { name: 'Максимальная цена' });
  const min = rub(await minBox.inputValue());
  const max = rub(await maxBox.inputValue());
  expect(min).toBeLessThan(max);

  await upper.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(upper).toHaveAttribute('aria-valuenow', String(max - 1));
  await expect(page).toHaveURL(new RegExp(`\\?priceFrom=${min}&priceTo=${max - 1}$`));

  // End on the lower handle stops at the upper one.
  await lower.focus();
  await page.keyboard.press('End');
  await expect(lower).toHaveAttribute('aria-valuenow', String(max - 1));
  await expect(upper).toHaveAttribute('aria-valuenow', String(max - 1));
  await expect(minBox).toHaveValue(await maxBox.inputValue());
  await expect(page).toHaveURL(new RegExp(`\\?priceFrom=${max - 1}&priceTo=${max - 1}$`));
  await settled(page);
  for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(max - 1);

  // Home on the upper handle cannot take it below the lower one: nothing moves.
  await upper.focus();
  await page.keyboard.press('Home');
  await expect(upper).toHaveAttribute('aria-valuenow', String(max - 1));
  await expect(lower).toHaveAttribute('aria-valuenow', String(max - 1));
  await expect(page).toHaveURL(new RegExp(`\\?priceFrom=${max - 1}&priceTo=${max - 1}$`));

  await page.keyboard.press('Escape');
  await filterBar(page).getByRole('button', { name: 'Сбросить: Цена' }).click();
  await expect(page).toHaveURL(SNEAKERS);
});

import { expect, type Locator, type Page } from '@playwright/test';

/** Small page helpers for the catalogue's listings, as a shopper reads them. */

/** «74 товара» → 74. */
export async function listingTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ товар(а|ов)?$/).textContent();
  return Number(text?.replace(/\D/g, ''));
}

export async function expectTotal(page: Page, count: number): Promise<void> {
  await expect(page.getByText(/^\d+ товар(а|ов)?$/)).toHaveText(new RegExp(`^${count} товар`));
}

export function productCards(page: Page): Locator {
  return page.getByRole('article');
}

/** The price on each card in roubles («от 12 990 ₽» → 12990). */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).getByText(/₽$/).allTextContents();
  return texts.map((t) => Number(t.replace(/\D/g, '')));
}

/** Each card's main link: «Nike Кроссовки Nike Dunk Low». */
export async function cardNames(page: Page): Promise<string[]> {
  return productCards(page).locator('a[href^="/product/"]:not([aria-label])').allTextContents();
}

/** The desktop chips or, on a phone, the row of buttons. */
export function filterBar(page: Page): Locator {
  return page.getByRole('group', { name: 'Фильтры и сортировка' });
}

/** Waits until the listing is shown (its count) and the «Загрузка...» overlay is gone. */
export async function settled(page: Page): Promise<void> {
  // the listing names the address its results are for: the address changes first, the list follows
  await expect(page.getByTestId('catalog-listing')).toHaveAttribute('data-search', new URL(page.url()).search);
  await expect(page.getByText(/^\d+ товар(а|ов)?$/)).toBeVisible();
  await expect(page.getByText('Загрузка...')).toHaveCount(0);
}

/** Opens a desktop chip, ticks the given values and applies them. */
export async function pickInChip(page: Page, chip: string, values: string[]): Promise<void> {
  await filterBar(page).getByRole('button', { name: chip }).first().click();
  const panel = page.getByRole('dialog', { name: chip });
  for (const value of values) await panel.getByRole('checkbox', { name: new RegExp(`^${value}\\b`) }).check();
  await panel.getByRole('button', { name: 'Применить' }).click();
  await expect(panel).toHaveCount(0);
}

/** Holds the listing's product requests until the returned function is called (to see the loading state). */
export async function holdListingProducts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/graphql', async (route) => {
    if (route.request().postData()?.includes('ListingProducts')) await held;
    await route.continue();
  });
  return release;
}

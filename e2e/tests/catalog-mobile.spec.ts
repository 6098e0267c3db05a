// Guards the catalogue's mobile filters at 375 px: the row of buttons, the «Фильтры» modal,
// «Применить» applying its draft and «Сбросить» going back to the bare path.

import { brandByName, categoryByPath, listingCount } from '../support/catalog-data.ts';
import { expectTotal, filterBar, settled } from '../support/catalog-listing.ts';
import { expect, test } from '../support/test.ts';

const SNEAKERS = '/catalog/obuv/krossovki';

test.use({ viewport: { width: 375, height: 812 } });

test('the «Фильтры» modal applies and resets', async ({ page, request }) => {
  const category = await categoryByPath(request, SNEAKERS);
  const adidas = await brandByName(request, 'Adidas');
  const scope = { categoryId: category.id };
  await page.goto(SNEAKERS);
  await settled(page);
  // No desktop chips here: the row of buttons instead.
  await expect(filterBar(page).getByRole('button', { name: 'Бренд' })).toBeVisible();
  await expect(filterBar(page).getByRole('button', { name: /^Сортировка/ })).toBeVisible();

  await filterBar(page).getByRole('button', { name: 'Фильтры' }).click();
  const modal = page.getByRole('dialog', { name: 'Фильтры' });
  await expect(modal).toBeVisible();
  for (const section of ['Бренд', 'Размер', 'Цена', 'Сортировка']) {
    await expect(modal.getByRole('group', { name: section })).toBeVisible();
  }
  await modal.getByRole('checkbox', { name: /^Adidas\b/ }).check();
  await modal.getByRole('checkbox', { name: /^41\b/ }).check();
  await modal.getByRole('radio', { name: 'По убыванию цены' }).check();
  // A draft until «Применить».
  await expect(page).toHaveURL(SNEAKERS);
  await modal.getByRole('button', { name: 'Применить' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`\\?sort=pricedown&brand=${adidas.id}&f1=41$`));
  await expectTotal(page, await listingCount(request, scope, { brandIds: [adidas.id], properties: [{ propertyId: 'size', values: ['41'] }] }));
  await expect(filterBar(page).getByRole('button', { name: 'Фильтры 2' })).toBeVisible();

  await filterBar(page).getByRole('button', { name: 'Фильтры 2' }).click();
  await page.getByRole('dialog', { name: 'Фильтры' }).getByRole('button', { name: 'Сбросить' }).click();
  await expect(page).toHaveURL(SNEAKERS);
  await expectTotal(page, await listingCount(request, scope));
});

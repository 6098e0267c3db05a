// Guards the product gallery and its full-screen viewer: photoId in the URL (reload, back and
// forward), previous/next buttons, arrow keys and swipe, the ends of the gallery, closing back to the photo.

import { type ApiProduct, asReturningShopper, productWithPhotos } from '../support/product-page.ts';
import { expect, type Page, test } from '../support/test.ts';

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Просмотр фото' });
const gallery = (page: Page) => page.getByRole('dialog', { name: 'Фотографии товара' });
const photoParam = (page: Page) => new URL(page.url()).searchParams.get('photoId');

async function expectPhoto(page: Page, product: ApiProduct, index: number) {
  const count = product.gallery.length;
  await expect(viewer(page).getByText(`Фото ${index + 1} из ${count}`)).toBeVisible();
  // the photo itself, in whichever width and format the screen takes
  const source = product.gallery[index]!.url.replace(/\/[^/]+$/, '/');
  const img = viewer(page).getByRole('img', { name: new RegExp(`фото ${index + 1} из ${count}$`) });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain(source);
  expect(photoParam(page)).toBe(product.gallery[index]!.id);
}

test.beforeEach(async ({ page }) => {
  await asReturningShopper(page);
});

test('a page photo opens the gallery grid; a photo there opens the viewer and puts photoId in the URL', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  await page.goto(product.webPath);
  const photos = page.getByTestId('product-page').getByRole('list', { name: 'Фото товара' }).getByRole('img');
  await expect(photos).toHaveCount(product.gallery.length);
  // Every photo carries its size, so nothing shifts while it loads.
  for (const img of await page.getByTestId('product-page').getByRole('img').all()) {
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }
  await page.getByRole('button', { name: `Фото 1 из ${product.gallery.length}: открыть галерею` }).click();
  await expect(gallery(page)).toBeVisible();
  await expect(gallery(page).getByRole('button', { name: /^Открыть фото/ })).toHaveCount(product.gallery.length);
  expect(photoParam(page)).toBeNull();
  await gallery(page).getByRole('button', { name: `Открыть фото 2 из ${product.gallery.length}` }).click();
  await expect(viewer(page)).toBeVisible();
  await expectPhoto(page, product, 1);
  // The thumbnail strip marks the photo shown.
  await expect(viewer(page).getByRole('list', { name: 'Миниатюры' }).getByRole('button', { name: 'Фото 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('buttons, arrow keys and thumbnails move; the first photo has no previous button, the last no next', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  const last = product.gallery.length - 1;
  await page.goto(`${product.webPath}?photoId=${product.gallery[0]!.id}`);
  await expectPhoto(page, product, 0);
  await expect(viewer(page).getByRole('button', { name: 'Предыдущее фото' })).toHaveCount(0);
  await viewer(page).getByRole('button', { name: 'Следующее фото' }).click();
  await expectPhoto(page, product, 1);
  await page.keyboard.press('ArrowLeft');
  await expectPhoto(page, product, 0);
  for (let i = 1; i <= last; i += 1) {
    await page.keyboard.press('ArrowRight');
    await expectPhoto(page, product, i);
  }
  await expect(viewer(page).getByRole('button', { name: 'Следующее фото' })).toHaveCount(0);
  await expect(viewer(page).getByRole('button', { name: 'Предыдущее фото' })).toBeVisible();
  // Past the last photo the keys do nothing.
  await page.keyboard.press('ArrowRight');
  await expectPhoto(page, product, last);
  await viewer(page).getByRole('list', { name: 'Миниатюры' }).getByRole('button', { name: 'Фото 1', exact: true }).click();
  await expectPhoto(page, product, 0);
});

test('a swipe of the photo moves to the next or previous one', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  await page.goto(`${product.webPath}?photoId=${product.gallery[1]!.id}`);
  await expectPhoto(page, product, 1);
  const box = (await viewer(page).getByRole('img', { name: /фото 2 из/ }).boundingBox())!;
  const swipe = async (dx: number) => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
  };
  await swipe(-80);
  await expectPhoto(page, product, 2);
  await swipe(80);
  await expectPhoto(page, product, 1);
  await swipe(5); // under the swipe distance: not a swipe
  await expectPhoto(page, product, 1);
});

test('photoId survives a reload, and back and forward land on the same photos', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  await page.goto(`${product.webPath}?photoId=${product.gallery[1]!.id}`);
  await expectPhoto(page, product, 1);
  await page.reload();
  await expectPhoto(page, product, 1);
  await page.keyboard.press('ArrowRight');
  await expectPhoto(page, product, 2);
  await page.goBack();
  await expectPhoto(page, product, 1);
  await page.goForward();
  await expectPhoto(page, product, 2);
});

test('closing the viewer clears photoId and scrolls the gallery back to that photo', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const product = await productWithPhotos(request, 4);
  const count = product.gallery.length;
  await page.goto(product.webPath);
  await page.getByRole('button', { name: `Фото 1 из ${count}: открыть галерею` }).click();
  await gallery(page).getByRole('button', { name: `Открыть фото 1 из ${count}` }).click();
  await expectPhoto(page, product, 0);
  for (let i = 1; i < count; i += 1) await page.keyboard.press('ArrowRight');
  await expectPhoto(page, product, count - 1);
  await viewer(page).getByRole('button', { name: 'Закрыть просмотр' }).click();
  await expect(viewer(page)).toHaveCount(0);
  expect(photoParam(page)).toBeNull();
  // One column at 375 px: the last photo is far below the first, and the grid is back on it.
  await expect(gallery(page).getByRole('button', { name: `Открыть фото ${count} из ${count}` })).toBeInViewport();
  await expect(gallery(page).getByRole('button', { name: `Открыть фото 1 из ${count}` })).not.toBeInViewport();
  await expect(gallery(page).getByRole('button', { name: `Открыть фото ${count} из ${count}` })).toBeFocused();
});

test('Escape closes the viewer, then the gallery; focus stays inside while open', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  await page.goto(`${product.webPath}?photoId=${product.gallery[1]!.id}`);
  await expectPhoto(page, product, 1);
  // Tab goes round the viewer's controls (or out to the browser's own UI), never to the page behind.
  const focusedIn: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    focusedIn.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'browser';
        return el.closest('dialog[aria-label="Просмотр фото"]') ? 'viewer' : `page: ${el.outerHTML.slice(0, 80)}`;
      }),
    );
  }
  expect(focusedIn.filter((where) => where !== 'viewer' && where !== 'browser')).toEqual([]);
  expect(focusedIn.filter((where) => where === 'viewer').length).toBeGreaterThan(5);
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  expect(photoParam(page)).toBeNull();
  await expect(gallery(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gallery(page)).toHaveCount(0);
  // Focus goes back to the page, on its first photo.
  await expect(page.getByRole('button', { name: `Фото 1 из ${product.gallery.length}: открыть галерею` })).toBeFocused();
});

/** Opens the product from the home page with an in-app navigation, so Back has a page of the shop to return to. */
async function openFromHome(page: Page, product: ApiProduct) {
  await page.goto('/');
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, product.webPath);
  await expect(page.getByRole('button', { name: `Фото 1 из ${product.gallery.length}: открыть галерею` })).toBeVisible();
}

test('closing the viewer and the grid adds no history entry: Back then leaves the product', async ({ page, request }) => {
  const product = await productWithPhotos(request, 4);
  const count = product.gallery.length;
  await openFromHome(page, product);
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: `Фото 1 из ${count}: открыть галерею` }).click();
  await gallery(page).getByRole('button', { name: `Открыть фото 1 из ${count}` }).click();
  // The keys go to the viewer once it shows (a key pressed before it mounts is the page's, as for a shopper).
  await expectPhoto(page, product, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectPhoto(page, product, 2);
  await viewer(page).getByRole('button', { name: 'Закрыть просмотр' }).click();
  await expect(viewer(page)).toHaveCount(0);
  await gallery(page).getByRole('button', { name: 'Закрыть галерею' }).click();
  await expect(gallery(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Opening and closing moved back over the entries it had added; Forward could still reopen them.
  expect(await page.evaluate(() => history.length)).toBeGreaterThanOrEqual(entries);
});

test('Back closes the viewer, then the grid, before it leaves the product', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  const count = product.gallery.length;
  await openFromHome(page, product);
  await page.getByRole('button', { name: `Фото 1 из ${count}: открыть галерею` }).click();
  await expect(gallery(page)).toBeVisible();
  await page.goBack();
  await expect(gallery(page)).toHaveCount(0);
  await expect(page).toHaveURL(product.webPath);

  await page.getByRole('button', { name: `Фото 1 из ${count}: открыть галерею` }).click();
  await gallery(page).getByRole('button', { name: `Открыть фото 2 из ${count}` }).click();
  await expectPhoto(page, product, 1);
  await page.goBack();
  await expect(viewer(page)).toHaveCount(0);
  await expect(gallery(page)).toBeVisible();
  await page.goBack();
  await expect(gallery(page)).toHaveCount(0);
  await expect(page).toHaveURL(product.webPath);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('a link straight to a photo: Back closes the viewer, then the grid, then leaves', async ({ page, request }) => {
  const product = await productWithPhotos(request, 3);
  await page.goto('/');
  await page.goto(`${product.webPath}?photoId=${product.gallery[1]!.id}`);
  await expectPhoto(page, product, 1);
  await page.goBack();
  await expect(viewer(page)).toHaveCount(0);
  await expect(gallery(page)).toBeVisible();
  await page.goBack();
  await expect(gallery(page)).toHaveCount(0);
  await expect(page).toHaveURL(product.webPath);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

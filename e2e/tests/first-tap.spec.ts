// Guards the first tap on a slow phone: a server-rendered page looks ready long before its code
// has run, and a tap on a button then did nothing. The page keeps such taps (host/index.html's
// early script) and plays them once the area is live. Here the phone is a 360 px touch screen
// with its CPU slowed 6× and each area's code held back until the taps are done, so every tap
// comes while the page is provably not live yet.
import { expect, type Page, test } from '../support/test.ts';
import { findProduct } from '../support/product-page.ts';

test.use({ waitForHydration: false, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** A slowed phone whose areas' code arrives when `release()` is called. */
async function slowPhone(page: Page): Promise<{ release: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/__federation_expose_\w+\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** Whether the area a locator is in answers taps yet (the shell is live and the area has run). */
const areaLive = (page: Page, remote: string) =>
  page.evaluate(
    (name) => document.documentElement.hasAttribute('data-live') && !!document.querySelector(`[data-remote="${name}"][data-ready]`),
    remote,
  );

test('a card’s heart tapped before the home page is live adds to favourites once it is', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const phone = await slowPhone(page);
  await page.goto('/', { waitUntil: 'commit' });
  const heart = page.locator('[data-remote="mf_catalog"]').getByRole('button', { name: /^В избранное: / }).first();
  await heart.waitFor({ state: 'visible' });
  const name = ((await heart.getAttribute('aria-label')) ?? '').replace(/^В избранное: /, '');
  await heart.tap({ noWaitAfter: true });
  expect(await areaLive(page, 'mf_catalog')).toBe(false);
  phone.release();
  await expect(page.getByTestId('favourites-count')).toHaveText('1', { timeout: 30_000 });
  // that card's heart, not another's
  const liked = page.locator('[data-remote="mf_catalog"] button[aria-pressed="true"]');
  await expect(liked.first()).toHaveAttribute('aria-label', new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(errors).toEqual([]);
});

test('a size and «В корзину» tapped before the product page is live put that size in the cart', async ({ page, request }) => {
  const product = await findProduct(request, 'a size in stock', (p) => p.offers.some((o) => !o.soldOut));
  const offer = product.offers.find((o) => !o.soldOut) as (typeof product.offers)[number];
  const phone = await slowPhone(page);
  await page.goto(product.webPath, { waitUntil: 'commit' });
  const main = page.getByTestId('product-page');
  const size = main.getByRole('radio', { name: offer.size, exact: true });
  await size.waitFor({ state: 'visible' });
  expect(await areaLive(page, 'mf_product')).toBe(false);
  await size.tap({ noWaitAfter: true });
  await main.getByRole('button', { name: 'В корзину' }).tap({ noWaitAfter: true });
  expect(await areaLive(page, 'mf_product')).toBe(false);
  phone.release();
  await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 30_000 });
  await expect(size).toBeChecked();
});

for (const where of [
  // the last slider with product cards
  { name: 'a section far down the home page', path: '/' },
  // a listing's last card: its first row hydrates with the page, each card under it on its own
  { name: 'a card far down a listing', path: '/catalog/obuv' },
]) {
  test(`${where.name} waits to hydrate until it nears the screen, and its first tap counts`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // slowed as Lighthouse slows a phone
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(where.path);
    await expect(page.locator('html[data-live]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('[data-remote="mf_catalog"][data-ready]')).toHaveCount(1);
    // under a 740 px screen, so still the server's HTML (found by its heart, liked or not: the same one throughout)
    const far = page
      .locator('[data-hydrate]')
      .filter({ has: page.getByRole('button', { name: /^(В избранное|Убрать из избранного): / }) })
      .last();
    await expect(far).not.toHaveAttribute('data-hydrated');
    const heart = far.getByRole('button', { name: /^В избранное: / }).first();
    const name = ((await heart.getAttribute('aria-label')) ?? '').replace(/^В избранное: /, '');
    await heart.tap();
    await expect(page.getByTestId('favourites-count')).toHaveText('1', { timeout: 30_000 });
    // that card's heart (its label now offers to take it back), not a neighbour's after a shifted layout
    const liked = far.locator('button[aria-pressed="true"]');
    await expect(liked).toHaveCount(1);
    await expect(liked).toHaveAttribute('aria-label', new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(far).toHaveAttribute('data-hydrated', '');
    expect(errors).toEqual([]);
  });
}

/** Whether the shell (the header) answers taps yet. */
const shellLive = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-live'));

for (const control of [
  { name: 'Открыть меню', shows: (page: Page) => page.getByRole('dialog', { name: 'Меню' }) },
  { name: 'Поиск', shows: (page: Page) => page.getByRole('banner').getByRole('searchbox', { name: 'Поиск по каталогу' }) },
]) {
  test(`«${control.name}» tapped twice before the header is live opens once it is, and stays open`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'true'));
    const phone = await slowPhone(page);
    await page.goto('/catalog/obuv/krossovki', { waitUntil: 'commit' });
    const button = page.getByRole('banner').getByRole('button', { name: control.name, exact: true });
    await button.waitFor({ state: 'visible' });
    // the shopper taps, nothing happens, taps again: both before the page is live
    await button.tap({ noWaitAfter: true });
    await button.tap({ noWaitAfter: true });
    expect(await shellLive(page)).toBe(false);
    phone.release();
    await expect(page.locator('html[data-live]')).toHaveCount(1, { timeout: 30_000 });
    // acted on once: the search toggle played twice would be closed again
    await expect(control.shows(page)).toBeVisible();
    expect(errors).toEqual([]);
  });
}

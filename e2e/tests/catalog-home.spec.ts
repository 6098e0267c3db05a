// Guards the catalogue's home page: hero slider, top brands, the three product sliders,
// categories and client reviews, with real data from the seeded catalogue.

import { gql } from '../support/catalog.ts';
import { expect, test } from '../support/test.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('home shows hero, brands, product sliders, categories and reviews', async ({ page }) => {
  await page.goto('/');
  const home = page.getByTestId('catalog-home');
  const hero = home.getByRole('region', { name: 'Главное' });
  await expect(hero.getByRole('heading', { name: 'Оригинальные товары с бесплатной доставкой' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/search');
  await expect(hero.getByTestId('shell-name')).toHaveText('Магазин «Оригинал»');
  // The first hero image is the page's priority image.
  await expect(hero.locator('img').first()).toHaveAttribute('fetchpriority', 'high');

  await hero.getByRole('button', { name: 'Вперёд' }).click();
  await expect(hero.getByRole('heading', { name: 'Не нашли товар? Добавим' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Написать нам' })).toHaveAttribute('href', '#contacts');
  await expect(hero.getByRole('button', { name: 'Слайд 2' })).toHaveAttribute('aria-current', 'true');
  // The index wraps.
  await hero.getByRole('button', { name: 'Вперёд' }).click();
  await expect(hero.getByRole('heading', { name: 'Оригинальные товары с бесплатной доставкой' })).toBeVisible();

  const brands = home.getByRole('region', { name: 'Топ бренды' });
  await expect(brands.getByRole('link', { name: 'Nike' })).toHaveAttribute('href', '/brands/nike');
  expect(await brands.getByRole('link').count()).toBeGreaterThan(5);

  for (const title of ['Рекомендуем', 'Популярное', 'Новинки']) {
    const slider = home.getByRole('region', { name: title });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole('article').first()).toBeVisible();
    // a slider renders its first view, and the rest of its cards as it comes near the screen
    await expect.poll(() => slider.getByRole('article').count()).toBeGreaterThan(3);
  }
  // Popular: the 24 000–42 000 ₽ band.
  const popular = await home.getByRole('region', { name: 'Популярное' }).getByRole('article').getByText(/₽$/).allTextContents();
  for (const price of popular) {
    const roubles = Number(price.replace(/\D/g, ''));
    expect(roubles).toBeGreaterThanOrEqual(24000);
    expect(roubles).toBeLessThanOrEqual(42000);
  }

  const categories = home.getByRole('region', { name: 'Категории' });
  await categories.scrollIntoViewIfNeeded();
  await expect(categories.getByRole('link', { name: /Кроссовки/ })).toHaveAttribute('href', '/catalog/obuv/krossovki');
  await expect(categories.getByText('Выбрать').first()).toBeVisible();

  const reviews = home.getByRole('region', { name: 'Отзывы наших клиентов' });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('listitem')).toHaveCount(3);
  await expect(reviews.getByRole('link', { name: /Все отзывы/ })).toHaveAttribute('target', '_blank');
});

test('the home page has one h1, in the server HTML and once hydrated', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  await page.goto('/');
  await expect(page.getByTestId('catalog-home')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оригинальные кроссовки и одежда с бесплатной доставкой');
});

test('categories are a vertical list below 640 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const categories = page.getByRole('region', { name: 'Категории' });
  await categories.scrollIntoViewIfNeeded();
  const cards = categories.getByRole('link');
  await expect(cards.first()).toBeVisible();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(b?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);
  await expect(categories.getByRole('button', { name: 'Вперёд' })).toHaveCount(0);
});

test('a card can be liked; a brand tile is a promotion opening the brand with its heading, text and description', async ({ page, request }) => {
  const { brands } = await gql<{ brands: { items: { name: string; heading: string; text: string; description: string }[] } }>(
    request,
    '{ brands(limit: 100) { items { name heading text description } } }',
  );
  const nike = brands.items.find((b) => b.name === 'Nike');
  if (!nike) throw new Error('the seeded catalogue has no Nike');
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Новинки' }).getByRole('article').first();
  await card.scrollIntoViewIfNeeded();
  const like = card.getByRole('button', { name: /^В избранное/ });
  await like.click();
  await expect(card.getByRole('button', { name: /^Убрать из избранного/ })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shop-favourites') ?? '{}').state?.ids?.length)).toBe(1);

  await page.getByRole('region', { name: 'Топ бренды' }).getByRole('link', { name: 'Nike' }).click();
  await expect(page).toHaveURL(/\/brands\/nike$/);
  const promo = await page.evaluate(() =>
    ((window as unknown as { dataLayer: { ecommerce?: { promoClick?: unknown } }[] }).dataLayer ?? [])
      .map((e) => e.ecommerce?.promoClick)
      .filter(Boolean),
  );
  expect(promo).toEqual([{ promotions: [{ id: 'BASE', name: 'Топ бренды', creative: 'Nike', position: expect.any(Number) }] }]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nike.heading || nike.name);
  await expect(page.getByText(nike.text, { exact: true })).toBeVisible();
  await expect(page.getByText(nike.description, { exact: true })).toBeAttached();
});

test('the hero advances by itself 8.5 s after a manual move, which pauses it for 1 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Главное' });
  const first = hero.getByRole('button', { name: 'Слайд 1' });
  await expect(first).toBeVisible();
  // From here the page's time moves only when the test says so. (Its animation frames wait
  // on that clock too, hence no actionability wait on the click.)
  await page.clock.pauseAt(Date.now() + 60_000);
  await first.dispatchEvent('click');
  await expect(first).toHaveAttribute('aria-current', 'true');
  // The slide's CSS transition runs on real time, and the autoplay timer is armed when it
  // ends: let it end before moving the page's clock (on a busy machine it can take a while).
  await page.waitForTimeout(1000);
  // 1 s pause, then the 8.5 s delay: nothing moves before 9.5 s…
  await page.clock.runFor(9300);
  await expect(first).toHaveAttribute('aria-current', 'true');
  // …and then it advances by itself.
  await page.clock.runFor(400);
  await expect(hero.getByRole('button', { name: 'Слайд 2' })).toHaveAttribute('aria-current', 'true');
});

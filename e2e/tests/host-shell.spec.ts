// Guards the shell every shopper sees: menus, search, tooltip and help, cookie notice,
// theme, the mobile drawer, the 404 page and client-side redirects.

import { openWithCart, twoSizesInStock } from '../support/cart.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

const SEARCH_PLACEHOLDER = 'Напиши, что хочешь найти и нажми Enter...';

/** The top-level items of the desktop menu that open a panel (dropdowns and mega menus). */
const panelTriggers = (page: Page) =>
  page.getByRole('navigation', { name: 'Основное меню' }).locator(':scope > ul > li > button[aria-expanded]');

/** The panel a menu button opens: the element right after it. */
const panelOf = (trigger: Locator) => trigger.locator('xpath=following-sibling::*[1]');

/** Every «новое» badge on screen: the word it follows and the gap between that word's last letter and the badge (px). */
async function newBadges(page: Page): Promise<{ word: string; gap: number }[]> {
  return page.evaluate(() => {
    const out: { word: string; gap: number }[] = [];
    for (const badge of document.querySelectorAll<HTMLElement>('header span')) {
      if (badge.childElementCount > 0 || badge.textContent?.trim().toLowerCase() !== 'новое') continue;
      if (!badge.checkVisibility()) continue;
      const parent = badge.parentElement as HTMLElement;
      const walker = document.createTreeWalker(parent, NodeFilter.SHOW_TEXT);
      let last: Text | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (badge.contains(node)) break;
        if (node.textContent?.trim()) last = node as Text;
      }
      if (!last) continue;
      const text = last.textContent ?? '';
      const range = document.createRange();
      range.setStart(last, text.length - text.trimStart().length);
      range.setEnd(last, text.trimEnd().length);
      out.push({ word: text.trim(), gap: badge.getBoundingClientRect().left - range.getBoundingClientRect().right });
    }
    return out;
  });
}

/** Each badge is apart from its word on screen, and read as a word of its own. */
async function expectBadgesApart(scope: Locator, seen: { word: string; gap: number }[]) {
  for (const { word, gap } of seen) {
    expect(gap, `«${word}» and its badge`).toBeGreaterThanOrEqual(4);
    const name = { name: `${word} новое`, exact: true };
    await expect(scope.getByRole('link', name).or(scope.getByRole('button', name)).filter({ visible: true }).first()).toBeVisible();
  }
}

/**
 * The placeholder text each visible search field shows, and whether it fits: the native
 * placeholder when it is drawn (measured in the field's font), and any text drawn over the field.
 */
async function shownPlaceholders(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[type=search]')]
      .filter((input) => input.checkVisibility())
      .map((input) => {
        const style = getComputedStyle(input);
        const box = input.getBoundingClientRect();
        const right = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        const shown: { text: string; fits: boolean }[] = [];
        const color = getComputedStyle(input, '::placeholder').color;
        if (input.value === '' && input.placeholder && !/rgba\(.*, 0\)$|transparent/.test(color)) {
          const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
          context.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          shown.push({ text: input.placeholder, fits: context.measureText(input.placeholder).width <= room });
        }
        for (const element of input.closest('form')?.querySelectorAll<HTMLElement>('*') ?? []) {
          if (element === input || element.childElementCount > 0 || !element.textContent?.trim() || !element.checkVisibility()) continue;
          const over = element.getBoundingClientRect();
          if (over.left >= box.right || over.right <= box.left || over.top >= box.bottom || over.bottom <= box.top) continue;
          shown.push({ text: element.textContent.trim(), fits: element.scrollWidth <= element.clientWidth && over.right <= right + 0.5 });
        }
        return { field: input.closest('dialog, main, header')?.tagName.toLowerCase() ?? '?', shown };
      }),
  );
}

/** The header's controls whose visible text is not in their accessible name. */
async function expectNamesHoldVisibleText(page: Page) {
  const controls = page.getByRole('banner').locator('a, button').filter({ visible: true });
  for (const control of await controls.all()) {
    const words = (await control.innerText()).split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(control).toHaveAccessibleName(new RegExp(escaped.join('\\s*'), 'i'));
  }
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(async ({ page }) => returningVisitor(page));

  test('dropdowns open on hover, nest, and close when the mouse leaves', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    const brands = nav.getByRole('button', { name: 'Бренды' });
    await brands.hover();
    await expect(nav.getByRole('link', { name: 'Converse' })).toBeVisible();
    await nav.getByRole('button', { name: 'Ещё бренды' }).hover();
    await expect(nav.getByRole('link', { name: 'Stone Island' })).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(nav.getByRole('link', { name: 'Converse' })).toBeHidden();
  });

  test('the mega menu shows columns of links and its side panel', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await nav.getByRole('button', { name: 'Обувь' }).hover();
    await expect(nav.getByText('Категории')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Кеды' })).toBeVisible();
    await expect(nav.getByText('Бесплатная доставка')).toBeVisible();
    await nav.getByRole('link', { name: 'Кеды' }).click();
    await expect(page).toHaveURL(/\/catalog\/obuv\/kedy$/);
  });

  test('every dropdown and mega menu closes on Escape and when focus leaves it', async ({ page }) => {
    await page.goto('/');
    const triggers = panelTriggers(page);
    expect(await triggers.count()).toBeGreaterThan(1);
    for (const trigger of await triggers.all()) {
      const name = await trigger.innerText();
      const panel = panelOf(trigger);
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(panel, `${name} opens on Enter`).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel, `${name} closes on Escape`).toBeHidden();
      await expect(trigger).toBeFocused();

      // opened again, the shopper tabs through its links and on past it
      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      const item = trigger.locator('xpath=..');
      for (let i = 0; i < 60 && (await item.evaluate((li) => li.contains(document.activeElement))); i += 1) {
        await page.keyboard.press('Tab');
      }
      expect(await item.evaluate((li) => li.contains(document.activeElement))).toBe(false);
      await expect(panel, `${name} closes when focus leaves it`).toBeHidden();
    }
  });

  test('Escape closes a nested dropdown first, then its parent', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    const brands = nav.getByRole('button', { name: 'Бренды' });
    await brands.focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Converse' })).toBeVisible();
    const more = nav.getByRole('button', { name: 'Ещё бренды' });
    await more.focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Stone Island' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Stone Island' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Converse' })).toBeVisible();
    await expect(more).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Converse' })).toBeHidden();
    await expect(brands).toBeFocused();
  });

  test('each menu panel links its section’s own page first; the mega menu’s leads to «Обувь»', async ({ page }) => {
    await page.goto('/');
    for (const trigger of await panelTriggers(page).all()) {
      await trigger.hover();
      const root = panelOf(trigger).getByRole('link', { name: 'Все товары раздела' });
      await expect(root, await trigger.innerText()).toBeVisible();
    }
    const shoes = page.getByRole('navigation', { name: 'Основное меню' }).getByRole('button', { name: 'Обувь' });
    await shoes.hover();
    await panelOf(shoes).getByRole('link', { name: 'Все товары раздела' }).click();
    await expect(page).toHaveURL(/\/catalog\/obuv$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обувь');
  });

  test('the «новое» badge stands apart from its word in the bar and in every panel', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    const bar = await newBadges(page);
    await expectBadgesApart(nav, bar);
    let seen = bar.length;
    for (const trigger of await panelTriggers(page).all()) {
      await trigger.hover();
      await expect(panelOf(trigger)).toBeVisible();
      const inPanel = (await newBadges(page)).filter((badge) => !bar.some((b) => b.word === badge.word));
      await expectBadgesApart(panelOf(trigger), inPanel);
      seen += inPanel.length;
    }
    // the bar's «Новинки» and the panels' («Ботинки» in «Обувь», «Куртки» in «Одежда»)
    expect(seen).toBeGreaterThan(2);
  });

  test('the header’s controls are named by what they show, the cart with its count', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Корзина: 0 товаров' })).toBeVisible();
    await expectNamesHoldVisibleText(page);
    const [line] = await twoSizesInStock(request);
    await openWithCart(page, [line], '/');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expectNamesHoldVisibleText(page);
  });

  test('the open search shows the whole placeholder on a wide screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('searchbox')).toBeVisible();
    expect(await shownPlaceholders(page)).toEqual([{ field: 'header', shown: [{ text: SEARCH_PLACEHOLDER, fits: true }] }]);
  });

  test('search opens from the toggle, sends encoded text with Enter, and closes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    const box = page.getByRole('banner').getByPlaceholder('Напиши, что хочешь найти и нажми Enter...').filter({ visible: true });
    await expect(box).toBeFocused();
    await box.fill('кроссовки & кеды #1');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8\+%26\+%D0%BA%D0%B5%D0%B4%D1%8B\+%231$/);
    expect(new URL(page.url()).searchParams.get('search')).toBe('кроссовки & кеды #1');
    await expect(box).toBeHidden();
    // opened again on the results, it holds the search to correct
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    await expect(box).toHaveValue('кроссовки & кеды #1');
    await expect(box).toBeFocused();
  });

  test('the search form closes when the page changes and on «Отмена»', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    await page.getByRole('button', { name: 'Отмена' }).click();
    await expect(page.getByPlaceholder(/Напиши, что хочешь найти/).filter({ visible: true })).toBeHidden();
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Новинки' }).click();
    await expect(page).toHaveURL(/sort=newly/);
    await expect(page.getByPlaceholder(/Напиши, что хочешь найти/).filter({ visible: true })).toBeHidden();
  });

  test('an empty search opens the whole catalogue', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    await page.getByPlaceholder(/Напиши, что хочешь найти/).filter({ visible: true }).press('Enter');
    await expect(page).toHaveURL(/\/search\?search=$/);
  });

  test('the theme switches to dark, persists, and is applied before any app script runs', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    const bar = page.locator('meta[name="theme-color"]');
    await expect(bar).toHaveAttribute('content', '#ffffff');
    await page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // the phone's status bar follows the header's colour
    await expect(bar).toHaveAttribute('content', '#1c1c1c');
    // No flash: with every app script blocked, the stored theme is still on the first paint.
    // (this document never goes live: read it as parsed, without the wait for hydration)
    await page.route('**/static/**/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await bar.getAttribute('content')).toBe('#1c1c1c');
    await page.unroute('**/static/**/*.js');
    await page.reload();
    await page.getByRole('button', { name: 'Включить светлую тему' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    await expect(bar).toHaveAttribute('content', '#ffffff');
  });

  test('an unknown page shows «Страница не найдена» with search and catalogue links', async ({ page }) => {
    const response = await page.goto('/net-takoy-stranicy');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
    await page.getByRole('link', { name: 'Весь каталог' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('a client navigation to a redirected path replaces it with the canonical one', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      history.pushState({}, '', '/brands/NIKE/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/brands\/nike$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the cookie notice shows until «Я понимаю», and the choice persists', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Сайт использует файлы cookie' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Я понимаю' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Сайт использует файлы cookie' })).toHaveCount(0);
});

test('the cookie notice close button also stores the choice', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Сайт использует файлы cookie' }).getByRole('button', { name: 'Закрыть' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Сайт использует файлы cookie' })).toHaveCount(0);
});

/** Cookies accepted, tooltip not yet seen: the tooltip waits while the cookie notice is up. */
async function cookiesAccepted(page: import('@playwright/test').Page) {
  await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'true'));
}

test('the search tooltip shows once; «Подробнее →» opens the help, «Отлично!» closes it', async ({ page }) => {
  await cookiesAccepted(page);
  await page.goto('/');
  const tooltip = page.getByRole('note').filter({ hasText: 'Помогу найти то, что вам понравится' });
  await expect(tooltip).toBeVisible();
  await tooltip.getByRole('button', { name: 'Подробнее →' }).click();
  const help = page.getByRole('dialog', { name: 'Поиск, который действительно помогает' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: 'Кроссовки от 3 076 ₽' })).toHaveAttribute('href', /priceFrom=3076/);
  await expect(help.getByRole('link', { name: 'Для фитнеса до 15 000 ₽' })).toBeVisible();
  await help.getByRole('button', { name: 'Отлично!' }).click();
  await expect(help).toBeHidden();
  await expect(tooltip).toBeHidden();
  await page.reload();
  await expect(page.getByText('Помогу найти то, что вам понравится')).toHaveCount(0);
});

test('dismissing the tooltip also records it as seen', async ({ page }) => {
  await cookiesAccepted(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Закрыть подсказку' }).click();
  await page.reload();
  await expect(page.getByText('Помогу найти то, что вам понравится')).toHaveCount(0);
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  test.beforeEach(async ({ page }) => returningVisitor(page));

  test('the drawer traps focus, closes on Escape and gives focus back to the burger', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    await burger.click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Оригинальные обувь и одежда с Poizon')).toBeVisible();
    await expect(drawer.getByRole('combobox')).toBeVisible();
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();
  });

  test('the hidden desktop menu and the closed drawer wait to hydrate; the drawer does when it opens, and its links stay in the page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html[data-live]')).toBeAttached();
    // a phone never shows the desktop menu, and the drawer is closed: neither is hydrated with the page
    const waiting = page.locator('header [data-hydrate]:not([data-hydrated])');
    await expect(waiting).toHaveCount(2);
    await page.evaluate(() => {
      (window as { samePage?: boolean }).samePage = true;
    });
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expect(drawer.locator('[data-hydrate]')).toHaveAttribute('data-hydrated', '');
    await drawer.getByText('Одежда', { exact: true }).click();
    await drawer.getByRole('link', { name: 'Худи' }).click();
    await expect(page).toHaveURL(/\/catalog\/odezhda\/hudi$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Худи');
    // a link of the router, not a page load
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('the page behind the open drawer stays where it was, and scrolls again once it closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html[data-live]')).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 300));
    // a tap where the burger is (a locator's click would first scroll the sticky header into its place at the top)
    const burger = await page.getByRole('button', { name: 'Открыть меню' }).boundingBox();
    if (!burger) throw new Error('the burger is not on the screen');
    await page.mouse.click(burger.x + burger.width / 2, burger.y + burger.height / 2);
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expect(drawer).toBeVisible();
    // the wheel over the backdrop (right of the drawer) and past the end of the drawer's own list
    await page.mouse.move(365, 500);
    await page.mouse.wheel(0, 800);
    await page.mouse.move(100, 600);
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test('items expand, and following a link closes the drawer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.getByText('Одежда', { exact: true }).click();
    await drawer.getByRole('link', { name: 'Худи' }).click();
    await expect(page).toHaveURL(/\/catalog\/odezhda\/hudi$/);
    await expect(drawer).toBeHidden();
  });

  test('the drawer search goes to the results and closes the drawer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.getByRole('searchbox').fill('худи');
    await drawer.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?search=%D1%85%D1%83%D0%B4%D0%B8$/);
    await expect(drawer).toBeHidden();
  });

  test('the reviews button opens the external site in a new tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const reviews = page.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Отзывы наших клиентов' });
    await expect(reviews).toHaveAttribute('target', '_blank');
    await expect(reviews).toHaveAttribute('rel', /noopener/);
  });
});

test.describe('phone, 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  test.beforeEach(async ({ page }) => returningVisitor(page));

  /** Opens the drawer and waits for its slide to end. */
  async function openDrawer(page: Page): Promise<Locator> {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expect(drawer).toBeVisible();
    await drawer.evaluate((dialog) => Promise.all(dialog.getAnimations().map((a) => a.finished)));
    return drawer;
  }

  test('every search field shows a placeholder that fits, at 360 and 320 px', async ({ page }) => {
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/net-takoy-stranicy');
      await page.getByRole('button', { name: 'Поиск', exact: true }).click();
      await expect(page.getByRole('banner').getByRole('searchbox')).toBeVisible();
      const fields = await shownPlaceholders(page);
      await page.keyboard.press('Escape');
      await openDrawer(page);
      fields.push(...(await shownPlaceholders(page)).filter((f) => f.field === 'dialog'));
      expect(fields.map((f) => f.field).sort(), `${width} px`).toEqual(['dialog', 'header', 'main']);
      for (const { field, shown } of fields) {
        expect(shown.length, `${field} at ${width} px shows a placeholder`).toBeGreaterThan(0);
        for (const text of shown) expect(text, `${field} at ${width} px`).toMatchObject({ fits: true });
      }
    }
  });

  test('the drawer’s contacts and links stay inside it at 360 and 320 px', async ({ page }) => {
    await page.goto('/');
    const drawer = await openDrawer(page);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await expect(drawer.getByRole('link', { name: 'shop@original-shop.example' })).toBeVisible();
      const outside = await drawer.evaluate((dialog) => {
        const edge = dialog.getBoundingClientRect();
        return [...dialog.querySelectorAll('a')]
          .filter((a) => a.checkVisibility())
          .filter((a) => a.getBoundingClientRect().right > edge.right - 8 || a.getBoundingClientRect().left < edge.left)
          .map((a) => a.textContent);
      });
      expect(outside, `${width} px`).toEqual([]);
      expect(await drawer.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
    }
  });

  test('a link brought into view above the screen stops below the sticky header, not under it', async ({ page }) => {
    await page.goto('/catalog/obuv');
    const listing = page.getByTestId('catalog-listing');
    await expect(listing.getByRole('link').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // a link high above the screen, as focus or a «#» link brings it back to the top
    const link = listing.getByRole('link').first();
    await expect(link).not.toBeInViewport();
    await link.evaluate((a) => a.scrollIntoView({ block: 'start' }));
    const header = await page.getByRole('banner').boundingBox();
    const box = await link.boundingBox();
    expect(header && box && box.y >= header.y + header.height, `link at ${box?.y}, header ends at ${header && header.y + header.height}`).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, waitForHydration: false });

  test('the search box of the «not found» page finds goods', async ({ page }) => {
    await page.goto('/net-takoy-stranicy');
    const box = page.getByRole('main').getByRole('searchbox');
    await box.fill('кеды');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=%D0%BA%D0%B5%D0%B4%D1%8B$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('кеды');
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  });
});

test('a client navigation updates the title, description and canonical as a fresh load would', async ({ page, request }) => {
  await returningVisitor(page);
  await page.goto('/');
  const homeTitle = await page.title();
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('button', { name: 'Обувь' }).hover();
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Кеды' }).click();
  await expect(page).toHaveURL(/\/catalog\/obuv\/kedy$/);
  await expect.poll(() => page.title()).not.toBe(homeTitle);
  const fresh = await (await request.get('/catalog/obuv/kedy')).text();
  expect(fresh).toContain(`<title>${await page.title()}</title>`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/catalog\/obuv\/kedy$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
});

test('contacts come from configuration and a missing one is not shown', async ({ page }) => {
  const host = await startPrivateHost(shop.registry, {
    CONTACT_TELEGRAM: 'https://t.me/original_shop',
    CONTACT_EMAIL: 'help@original.example',
    CONTACT_WHATSAPP: '',
  });
  try {
    await returningVisitor(page);
    await page.goto(host.url);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/original_shop');
    await expect(footer.getByRole('link', { name: 'help@original.example' })).toHaveAttribute('href', 'mailto:help@original.example');
    await expect(footer.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('a new page opens at its top; going back returns to where the shopper was', async ({ page }) => {
  await returningVisitor(page);
  await page.goto('/catalog/obuv/krossovki');
  const cards = page.locator('[data-remote="mf_catalog"] a[href^="/product/"]').filter({ visible: true });
  await expect(cards.first()).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const target = cards.nth(8);
  await target.scrollIntoViewIfNeeded();
  const where = await page.evaluate(() => window.scrollY);
  expect(where).toBeGreaterThan(100);
  await target.click();
  await expect(page.getByTestId('product-page')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/catalog\/obuv\/krossovki$/);
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - where)).toBeLessThan(30);
});

test.describe('reduced motion, 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  test.beforeEach(async ({ page }) => returningVisitor(page));

  /** The animations running on the page now (CSS animations and transitions). */
  const moving = (page: Page) =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .map((a) => `${(a as CSSAnimation).animationName ?? 'transition'} on ${((a.effect as KeyframeEffect | null)?.target as Element | null)?.className ?? '?'}`),
    );

  test('the drawer opens and a slow page loads with nothing sliding or shimmering', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expect(drawer).toBeVisible();
    // its slide lasts 0.2 s: asked after it, the running list would be empty either way
    expect(await drawer.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await page.keyboard.press('Escape');

    // the product page's code is held back: its skeleton and the loading bar show meanwhile
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route(/__federation_expose_ProductPage\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.locator('[data-remote="mf_catalog"] a[href^="/product/"]').first().click();
    await expect(page.getByRole('status', { name: 'Загрузка раздела' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Загрузка раздела' })).toBeVisible();
    expect(await moving(page)).toEqual([]);
    letThrough();
    await expect(page.getByTestId('product-page')).toBeVisible();
  });
});

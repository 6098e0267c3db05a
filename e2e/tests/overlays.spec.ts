// Overlays and small screens: on a first visit (cookie notice up, search
// tooltip not yet seen) no overlay covers what the shopper is doing — the search field, page
// headings, the «Товар в корзине!» toast, the checkout form and the order number — at 320, 360,
// 375 and 1280 px; on a phone at most one non-modal overlay floats at a time; nothing scrolls
// sideways at 320 and 360 px and the cart button stays on screen. Screenshots of every step go
// to the test's output folder. Also: «Контакты» leads to working contacts, the checkout phone
// mask takes Backspace and mid-number edits, and typed details survive a reload and Back.

import { choosePickupPoint, openWithCart, twoSizesInStock, VALID_DETAILS } from '../support/cart.ts';
import { onYookassaPage, payOnYookassa } from '../support/fakes.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { findProduct } from '../support/product-page.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The shell's and the cart's overlays, found the way a shopper sees them (they exist before and after the fix). */
function overlays(page: Page): { 'cookie notice': Locator; 'search tooltip': Locator; toast: Locator } {
  return {
    'cookie notice': page.getByRole('region', { name: 'Сайт использует файлы cookie' }),
    'search tooltip': page.getByRole('note').filter({ hasText: 'Помогу найти то, что вам понравится' }),
    toast: page.getByTestId('cart-toast'),
  };
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the element is laid over the page (it or an ancestor is fixed or absolute), not in its flow. */
function floating(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'absolute') return true;
    }
    return false;
  });
}

/**
 * Checks the screen as it is: no visible overlay intersects any target, at most one overlay
 * floats on a phone, and (at ≤ 360 px) nothing scrolls sideways and the cart button is on screen.
 */
async function checkScreen(page: Page, name: string, targets: Record<string, Locator>, width: number) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  const shown: [string, Box, boolean][] = [];
  for (const [label, overlay] of Object.entries(overlays(page))) {
    if (!(await overlay.isVisible())) continue;
    const box = await overlay.boundingBox();
    if (box) shown.push([label, box, await floating(overlay)]);
  }
  for (const [target, locator] of Object.entries(targets)) {
    const elements = await locator.all();
    expect(elements.length, `${name} ${width}px: ${target} is on the page`).toBeGreaterThan(0);
    for (const element of elements) {
      if (!(await element.isVisible())) continue;
      const box = await element.boundingBox();
      if (!box) continue;
      for (const [label, overlayBox] of shown) {
        if (label === target) continue;
        expect(intersects(box, overlayBox), `${name} ${width}px: the ${label} covers the ${target}`).toBe(false);
      }
    }
  }
  if (width < 768) {
    const floatingOnes = shown.filter(([, , isFloating]) => isFloating).map(([label]) => label);
    expect(floatingOnes.length, `${name} ${width}px: overlays floating at once: ${floatingOnes.join(', ')}`).toBeLessThanOrEqual(1);
  }
  if (width <= 360) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${name} ${width}px: the page scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    const cart = await page.getByRole('button', { name: /^Корзина/ }).boundingBox();
    expect(cart, `${name} ${width}px: the cart button`).not.toBeNull();
    expect((cart as Box).x).toBeGreaterThanOrEqual(0);
    expect((cart as Box).x + (cart as Box).width, `${name} ${width}px: the cart button is cut off`).toBeLessThanOrEqual(innerWidth);
  }
}

function searchField(page: Page): Locator {
  return page.getByRole('banner').getByRole('searchbox');
}

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Поиск', exact: true }).click();
  await expect(searchField(page)).toBeVisible();
}

for (const width of [320, 360, 375, 1280]) {
  test.describe(`${width} px, first visit`, () => {
    test.use({ viewport: { width, height: width < 768 ? 640 : 800 }, hasTouch: width < 768, isMobile: width < 768 });

    test('no overlay covers the search field, headings, toast, checkout form or order number', async ({ page, request }) => {
      test.setTimeout(90_000);
      const product = await findProduct(request, 'a size in stock', (p) => p.offers.some((o) => !o.soldOut));

      // Home: the search field opened from the header, and the page's first heading.
      await page.goto('/');
      await expect(page.locator('main h2').first()).toBeVisible();
      await openSearch(page);
      await checkScreen(page, 'home', { 'search field': searchField(page), heading: page.locator('main :is(h1, h2)').first() }, width);

      // After the cookie notice is accepted the tooltip may show: still never over the field or the heading.
      await overlays(page)['cookie notice'].getByRole('button', { name: 'Я понимаю' }).click();
      await expect(overlays(page)['search tooltip']).toBeVisible();
      await checkScreen(page, 'home-tooltip', { 'search field': searchField(page), heading: page.locator('main :is(h1, h2)').first() }, width);
      // Back to a first visit for the rest of the walk.
      await page.evaluate(() => localStorage.removeItem('cookiesAccepted'));

      // Listing: its h1.
      await page.goto('/catalog/obuv/krossovki');
      await expect(page.getByRole('heading', { level: 1, name: 'Кроссовки' })).toBeVisible();
      await checkScreen(page, 'listing', { h1: page.getByRole('heading', { level: 1 }) }, width);

      // Product after «В корзину»: the toast and the h1.
      await page.goto(product.webPath);
      const buy = page.locator('[data-remote="mf_product"]');
      await buy.getByRole('radio', { disabled: false }).first().check();
      await buy.getByRole('button', { name: 'В корзину' }).click();
      await expect(overlays(page).toast).toBeVisible();
      await page.waitForTimeout(300); // the toast's entrance animation
      await checkScreen(page, 'product', { toast: overlays(page).toast, h1: page.getByRole('heading', { level: 1 }) }, width);

      // Checkout: h1, every field, the consent box and the submit button; then with the details filled in.
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
      const form = {
        h1: page.getByRole('heading', { level: 1 }),
        'form fields': page.locator('#checkout-form :is(input, textarea)'),
        'submit button': page.getByRole('button', { name: 'Подтвердить заказ' }),
      };
      await checkScreen(page, 'checkout', form, width);
      await page.getByLabel('ФИО').fill(VALID_DETAILS.fullName);
      await page.getByLabel('Телефон').fill(VALID_DETAILS.phone);
      await page.getByLabel('E-mail').fill(VALID_DETAILS.email);
      await page.getByLabel('Город').fill(VALID_DETAILS.city);
      await page.getByRole('radio', { name: /^Пункт выдачи СДЭК/ }).check();
      await choosePickupPoint(page);
      await page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).check();
      await checkScreen(page, 'checkout-consent', form, width);

      // The order page: the heading with the order number.
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
      await onYookassaPage(page);
      await payOnYookassa(page);
      await expect(page).toHaveURL(/\/order\/[^/?]+\?key=/);
      const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      await expect(page.getByRole('heading', { name: `Заказ №${number} оформлен` })).toBeVisible();
      await checkScreen(page, 'order', { 'order number': page.getByRole('heading', { level: 1 }) }, width);
    });
  });
}

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('a long search text or a pasted link does not widen the page', async ({ page }) => {
    await returningVisitor(page);
    for (const text of ['x'.repeat(200), 'https://www.poizon.com/product/nike-blazer-mid-77-vintage-panda-bq6806-100']) {
      await page.goto(`/search?search=${encodeURIComponent(text)}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkScreen(page, 'search-long', { h1: page.getByRole('heading', { level: 1 }) }, 320);
    }
  });
});

test.describe('contacts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the shop ships demo contacts, and «Контакты» in the menu scrolls to them', async ({ page }) => {
    await returningVisitor(page);
    await page.goto('/catalog/obuv/krossovki');
    await expect(page.getByRole('heading', { level: 1, name: 'Кроссовки' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Контакты' }).click();
    await expect(page).toHaveURL(/\/#contacts$/);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', /^https:\/\/t\.me\//);
    await expect(footer.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByText('Связаться с нами')).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('contacts-1280.png') });
  });

  test('on a phone the drawer’s «Контакты» scrolls to them too', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await returningVisitor(page);
    await page.goto('/');
    await expect(page.locator('main h2').first()).toBeVisible();
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Контакты' }).click();
    await expect(page.getByRole('contentinfo').getByText('Связаться с нами')).toBeInViewport();
    await context.close();
  });

  test('with every contact switched off, «Контакты» and «Написать нам» are not offered', async ({ page, browser }) => {
    const host = await startPrivateHost(shop.registry, { CONTACT_TELEGRAM: '', CONTACT_WHATSAPP: '', CONTACT_EMAIL: '' });
    try {
      await returningVisitor(page);
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: 'Основное меню' });
      await expect(nav.getByRole('link', { name: 'Новинки' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Контакты' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo').getByText('Связаться с нами')).toHaveCount(0);
      // The hero's «Написать нам» (a remote's link to #contacts) is not offered either.
      const write = page.locator('main a[href$="#contacts"]').first();
      await expect(write).toBeAttached();
      expect(await write.evaluate((a) => getComputedStyle(a).display)).toBe('none');
      // nor before the page's scripts run, nor without them: the page the server sends hides it
      const noScripts = await browser.newContext({ javaScriptEnabled: false });
      const plain = await noScripts.newPage();
      await plain.goto(host.url);
      await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
      const links = plain.locator('a[href$="#contacts"]');
      await expect(links.first()).toBeAttached();
      for (const link of await links.all()) await expect(link).toHaveCSS('display', 'none');
      await noScripts.close();
    } finally {
      await host.stop();
    }
  });
});

test.describe('checkout', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the phone mask takes Backspace and edits in the middle of the number', async ({ page, request }) => {
    await returningVisitor(page);
    const [line] = await twoSizesInStock(request);
    await openWithCart(page, [line], '/checkout');
    const phone = page.getByLabel('Телефон');
    // Keys at a person's pace: the mask library reads the caret between keystrokes (a timer), and
    // rejects a second key that arrives within the same few milliseconds (no person types that fast).
    // (80 ms: a loaded CI machine stretches the library's timer; a person's keys are further apart still)
    const type = (text: string) => page.keyboard.type(text, { delay: 80 });
    const backspace = async (times: number) => {
      for (let i = 0; i < times; i++) {
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(80);
      }
    };
    const caret = async (start: number, end = start) => {
      await phone.evaluate((input: HTMLInputElement, [a, b]) => input.setSelectionRange(a, b), [start, end] as const);
      await page.waitForTimeout(80);
    };
    // clearing is a change the library settles on its timer too, before the next key
    const clear = async () => {
      await phone.fill('');
      await page.waitForTimeout(150);
    };
    await phone.click();
    await page.waitForTimeout(80);
    await type('89161234567');
    await expect(phone).toHaveValue('+7 (916) 123-45-67');

    // Backspace erases digits, never stuck behind a bracket or a dash.
    await clear();
    await type('916');
    await expect(phone).toHaveValue(/^\+7 \(916\)?$/);
    await backspace(2);
    await expect(phone).toHaveValue('+7 (9');
    await backspace(4);
    await expect(phone).toHaveValue(/^(\+7 \(?)?$/);

    // In the middle: delete the «9», type «8» in its place; the caret stays where the shopper works.
    await clear();
    await type('9161234567');
    await caret(5);
    await backspace(1);
    await expect(phone).toHaveValue('+7 (161) 234-56-7');
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(4);
    await type('9');
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
    // The whole number replaced at once (select all, then paste or autofill), again and again.
    for (const [pasted, shown] of [
      ['4951234567', '+7 (495) 123-45-67'],
      ['8 916 123-45-67', '+7 (916) 123-45-67'],
      ['+7 (912) 000-11-22', '+7 (912) 000-11-22'],
      ['9161234567', '+7 (916) 123-45-67'],
    ]) {
      await phone.fill(pasted as string);
      await expect(phone).toHaveValue(shown as string);
    }
    // A digit replaced in the second group.
    await caret(10, 11);
    await type('0');
    await expect(phone).toHaveValue('+7 (916) 103-45-67');
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(11);
  });

  test('what the shopper typed survives a reload and a trip to a product; the consent box is theirs to tick', async ({
    page,
    request,
  }) => {
    await returningVisitor(page);
    const [line] = await twoSizesInStock(request);
    await openWithCart(page, [line], '/checkout');
    await page.getByLabel('ФИО').fill(VALID_DETAILS.fullName);
    await page.getByLabel('Телефон').fill(VALID_DETAILS.phone);
    await page.getByLabel('E-mail').fill(VALID_DETAILS.email);
    await page.getByLabel('Город').fill(VALID_DETAILS.city);
    await page.getByRole('radio', { name: /^Курьер/ }).check();
    await page.getByLabel('Адрес доставки').fill(VALID_DETAILS.address);
    await page.getByLabel('Комментарий к заказу (необязательно)').fill('Позвонить за час');
    await page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).check();

    const expectKept = async () => {
      await expect(page.getByLabel('ФИО')).toHaveValue(VALID_DETAILS.fullName);
      await expect(page.getByLabel('Телефон')).toHaveValue('+7 (916) 123-45-67');
      await expect(page.getByLabel('E-mail')).toHaveValue(VALID_DETAILS.email);
      await expect(page.getByLabel('Город')).toHaveValue(VALID_DETAILS.city);
      await expect(page.getByLabel('Адрес доставки')).toHaveValue(VALID_DETAILS.address);
      await expect(page.getByRole('radio', { name: /^Курьер/ })).toBeChecked();
      await expect(page.getByLabel('Комментарий к заказу (необязательно)')).toHaveValue('Позвонить за час');
      await expect(page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' })).not.toBeChecked();
    };
    await page.reload();
    await expectKept();

    // To a product from «Ваш заказ» and Back.
    await page.getByRole('list', { name: 'Товары в заказе' }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(line.webPath));
    await page.goBack();
    await expect(page).toHaveURL(/\/checkout$/);
    await expectKept();

    // Once the order is placed the next checkout starts empty.
    await page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await onYookassaPage(page);
    expect(await page.evaluate(() => sessionStorage.getItem('shop-checkout-draft'))).toBeNull();
    await openWithCart(page, [line], '/checkout');
    await expect(page.getByLabel('ФИО')).toHaveValue('');
  });
});

// Guards what a shopper's page asks of the phone while it starts: Chromium builds a locale's
// number or date data on the first Intl.NumberFormat or Intl.DateTimeFormat a page makes (30–90 ms
// of one task on the test machine, four times that on a slow phone), and a formatter made when a
// module loads costs it on every page, whether or not the page shows a number or a date. The
// shop writes its prices, counts, dates and Moscow times itself (@shop/contracts/format); this
// counts every Intl formatter made from the first byte of a page until it is live and all its
// areas are ready.
import { expect, test } from '../support/test.ts';
import { placeOrderViaApi } from '../support/desk.ts';
import { findProduct } from '../support/product-page.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const COSTLY = ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Collator'] as const;

test('no page builds Intl number or date data while it starts: home, category, search, product, an order', async ({ page, request }) => {
  await page.addInitScript((names: readonly string[]) => {
    const made: string[] = [];
    (window as unknown as { __intlMade: string[] }).__intlMade = made;
    // what was made, and the caller's line (the page's chunk and module), for the failure message
    const note = (what: string) => made.push(`${what} ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`);
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
    for (const name of names) {
      const Original = intl[name];
      if (!Original) continue;
      // with `new` or without, a formatter is made
      intl[name] = new Proxy(Original, {
        construct(target, args) {
          note(`${name}(${JSON.stringify(args)})`);
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args) {
          note(`${name}(${JSON.stringify(args)})`);
          return Reflect.apply(target, self, args);
        },
      });
    }
    // toLocaleString and its kin build the same data through the engine, without the constructor
    for (const [proto, method] of [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
    ] as const) {
      const original = (proto as unknown as Record<string, (...args: unknown[]) => string>)[method] as (...args: unknown[]) => string;
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          note(method);
          return original.apply(this, args);
        },
      });
    }
  }, COSTLY);
  const product = await findProduct(request, 'any product', () => true);
  // the order page writes dates and times (Moscow's): written out too
  const order = await placeOrderViaApi(request);
  const pages = ['/', product.mainCategory.webPath, '/search?search=Nike', product.webPath, `/order/${order.number}?key=${encodeURIComponent(order.key)}`];
  for (const path of pages) {
    await page.goto(path);
    // the shared test's goto waits until the shell is live and every area is ready
    await expect(page.locator('html[data-live]')).toHaveCount(1);
    await expect(page.locator('[data-remote]:not([data-ready])')).toHaveCount(0);
    await expect(page.locator('[data-remote][data-ready]').first()).toBeAttached();
    if (path.startsWith('/order/')) await expect(page.getByText(/\d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2}/)).toBeVisible();
    const made = await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade);
    expect(made, `${path} made Intl formatters while starting`).toEqual([]);
  }
});

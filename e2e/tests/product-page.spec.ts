// Guards the product page (mf-product): what it shows of a product, colour variants, the size
// grid and its price, «В корзину» into the shared cart, favourites, recommendations and the page's JSON-LD.

import { gql } from '../support/catalog.ts';
import { asReturningShopper, richProduct, rub } from '../support/product-page.ts';
import { expect, type Page, test } from '../support/test.ts';

const productPage = (page: Page) => page.getByTestId('product-page');
/** Sizes as a shopper reads them: shoe sizes by number, then XS … XXL (the seed's two kinds). */
const LETTERS = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const bySize = (a: string, b: string) =>
  Number.isNaN(Number(a)) || Number.isNaN(Number(b)) ? LETTERS.indexOf(a) - LETTERS.indexOf(b) : Number(a) - Number(b);

test.beforeEach(async ({ page }) => {
  await asReturningShopper(page);
});

test('shows the model, brand, category, sku, attributes, breadcrumbs and Product JSON-LD', async ({ page, request }) => {
  const product = await richProduct(request);
  await page.goto(product.webPath);
  const main = productPage(page);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(main.getByRole('link', { name: product.brand.name, exact: true })).toHaveAttribute('href', product.brand.webPath);
  await expect(main.getByText(product.sku, { exact: true })).toBeVisible();
  const crumbs = main.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: product.mainCategory.name })).toHaveAttribute('href', product.mainCategory.webPath);
  const attributes = main.getByRole('region', { name: 'Характеристики' });
  const first = product.technicalAttributes[0]!;
  await expect(attributes.getByText(first.title)).toBeVisible();
  await expect(attributes.getByText(first.text ?? '', { exact: true })).toBeVisible();

  // The host puts the API's schema.org Product into the head once; it has an Offer per size in RUB.
  const scripts = page.locator('script[type="application/ld+json"]');
  const ld = (await scripts.allTextContents()).map((text) => JSON.parse(text)).filter((json) => json['@type'] === 'Product');
  expect(ld).toHaveLength(1);
  expect(ld[0].name).toBe(product.name);
  expect(ld[0].sku).toBe(product.sku);
  expect(ld[0].offers).toHaveLength(product.offers.length);
  for (const offer of ld[0].offers) {
    expect(offer['@type']).toBe('Offer');
    expect(offer.priceCurrency).toBe('RUB');
  }
  const soldOut = product.offers.find((o) => o.soldOut)!;
  expect(ld[0].offers.find((o: { name: string }) => o.name.endsWith(` ${soldOut.size}`))?.availability).toBe(
    'https://schema.org/OutOfStock',
  );
});

test('a colour swatch leads to that colour’s page, where it is marked as the current one', async ({ page, request }) => {
  const product = await richProduct(request);
  const other = product.variants.find((v) => v.id !== product.id)!;
  await page.goto(product.webPath);
  const colours = productPage(page).getByRole('list', { name: 'Другие цвета' });
  await expect(colours.getByRole('link', { name: `Цвет: ${product.variants.find((v) => v.id === product.id)!.colorName}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await colours.getByRole('link', { name: `Цвет: ${other.colorName}` }).click();
  await expect(page).toHaveURL(other.webPath);
  await expect(productPage(page).getByText(`Цвет: ${other.colorName}`)).toBeVisible();
  await expect(
    productPage(page).getByRole('list', { name: 'Другие цвета' }).getByRole('link', { name: `Цвет: ${other.colorName}` }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the price is «от» the lowest until a size is chosen, then that size’s price', async ({ page, request }) => {
  const product = await richProduct(request);
  const inStock = product.offers.filter((o) => !o.soldOut);
  const cheapest = Math.min(...inStock.map((o) => o.priceInRUB));
  const dearest = inStock.reduce((a, b) => (b.priceInRUB > a.priceInRUB ? b : a));
  await page.goto(product.webPath);
  const price = productPage(page).getByTestId('product-price');
  await expect(price).toHaveText(`от ${rub(cheapest)}`);
  const sizes = productPage(page).getByRole('group', { name: 'Размер' });
  // Sizes are listed as sizes (not by price); each size in stock shows its price, the cheapest marked.
  const names = await sizes.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label')));
  expect(names).toEqual([...product.offers].map((o) => o.size).sort(bySize));
  await expect(sizes.getByText('Цена зависит от размера')).toBeVisible();
  for (const offer of inStock) {
    const mark = offer.priceInRUB === cheapest ? ' дешевле всего' : '';
    await expect(sizes.getByRole('radio', { name: offer.size, exact: true })).toHaveAccessibleDescription(`${rub(offer.priceInRUB)}${mark}`);
  }
  await sizes.getByRole('radio', { name: dearest.size, exact: true }).check();
  await expect(price).toHaveText(rub(dearest.priceInRUB));
});

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('every size box holds its size, price and «дешевле всего» inside its border', async ({ page, request }) => {
    const product = await richProduct(request);
    await page.goto(product.webPath);
    const sizes = productPage(page).getByRole('group', { name: 'Размер' });
    await expect(sizes.getByText('дешевле всего').first()).toBeVisible();
    const boxes = productPage(page).getByTestId('size-option').locator('input + span');
    expect(await boxes.count()).toBe(product.offers.length);
    // what sticks out of a box's content area (its padding inside the border), per box
    const outside = await boxes.evaluateAll((elements) =>
      elements.flatMap((box) => {
        const edge = box.getBoundingClientRect();
        const style = getComputedStyle(box);
        const left = edge.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft) - 0.5;
        const right = edge.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight) + 0.5;
        return [...box.querySelectorAll('span')].flatMap((part) =>
          [...part.getClientRects()].some((r) => r.left < left || r.right > right) ? [part.textContent?.trim() ?? ''] : [],
        );
      }),
    );
    expect(outside, 'texts outside their size box').toEqual([]);
  });
});

test('without a size «В корзину» asks for one and adds nothing', async ({ page, request }) => {
  const product = await richProduct(request);
  await page.goto(product.webPath);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await productPage(page).getByRole('button', { name: 'В корзину' }).click();
  await expect(productPage(page).getByRole('alert')).toHaveText('Выберите размер');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  // Choosing a size takes the request away.
  await productPage(page).getByRole('radio', { name: product.offers.find((o) => !o.soldOut)!.size, exact: true }).check();
  await expect(productPage(page).getByRole('alert')).toHaveCount(0);
});

test('the chosen size goes into the shared cart: header count, stored line, to_cart event', async ({ page, request }) => {
  const product = await richProduct(request);
  const offer = product.offers.filter((o) => !o.soldOut).at(-1)!;
  await page.goto(product.webPath);
  await productPage(page).getByRole('radio', { name: offer.size, exact: true }).check();
  await productPage(page).getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop-cart') ?? '{}'));
  expect(stored.state.items).toEqual([
    expect.objectContaining({ id: offer.id, name: product.name, price: offer.priceInRUB, size: offer.size, quantity: 1 }),
  ]);
  const events = await page.evaluate(() => (window as unknown as { dataLayer: { ecommerce?: Record<string, unknown> }[] }).dataLayer);
  const details = events.filter((e) => e.ecommerce && 'detail' in e.ecommerce);
  expect(details).toHaveLength(1);
  const adds = events.filter((e) => e.ecommerce && 'add' in e.ecommerce);
  expect(adds).toEqual([
    {
      ecommerce: expect.objectContaining({
        currencyCode: 'RUB',
        add: { products: [expect.objectContaining({ id: product.id, variant: offer.size, price: offer.priceInRUB })] },
      }),
    },
  ]);
  // One product, one id: the detail view and the add name it alike (Metrica joins the funnel by it).
  expect(details).toEqual([{ ecommerce: expect.objectContaining({ detail: { products: [expect.objectContaining({ id: product.id })] } }) }]);
  // The same size again is one line with quantity 2.
  await productPage(page).getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('a sold-out size is shown but cannot be chosen', async ({ page, request }) => {
  const product = await richProduct(request);
  const soldOut = product.offers.find((o) => o.soldOut)!;
  const cheapest = Math.min(...product.offers.filter((o) => !o.soldOut).map((o) => o.priceInRUB));
  await page.goto(product.webPath);
  const radio = productPage(page).getByRole('radio', { name: soldOut.size, exact: true });
  await expect(radio).toBeVisible();
  await expect(radio).toBeDisabled();
  await expect(radio).toHaveAccessibleDescription('Зачёркнутых размеров нет в наличии');
  await radio.locator('xpath=..').click({ force: true });
  await expect(radio).not.toBeChecked();
  await expect(productPage(page).getByTestId('product-price')).toHaveText(`от ${rub(cheapest)}`);
  await productPage(page).getByRole('button', { name: 'В корзину' }).click();
  await expect(productPage(page).getByRole('alert')).toHaveText('Выберите размер');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('the like button adds the product to «Избранное», counted in the header and kept on reload', async ({ page, request }) => {
  const product = await richProduct(request);
  await page.goto(product.webPath);
  // The page's own like button comes before the recommended cards (which have theirs).
  const like = productPage(page).getByRole('button', { name: /^(В избранное|Убрать из избранного): / }).first();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('favourites-count')).toHaveText('1');
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await like.click();
  await expect(page.getByTestId('favourites-count')).toHaveCount(0);
});

test('«Вам может понравиться» shows the same category at a similar price, without this model', async ({ page, request }) => {
  const product = await richProduct(request);
  const catalogueOrigin = new URL((JSON.parse(process.env.SHOP_REGISTRY ?? '{}') as Record<string, string>).mf_catalog ?? '').origin;
  const catalogueRemote: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(catalogueOrigin) && r.resourceType() === 'script') catalogueRemote.push(r.url());
  });
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(product.webPath);
  await expect(productPage(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(productPage(page).getByRole('button', { name: 'В корзину' })).toBeVisible();
  // Below the fold: the catalogue remote's scripts are not loaded with the page, only when the shopper scrolls near it.
  expect(catalogueRemote).toEqual([]);
  await page.getByTestId('recommended-pending').scrollIntoViewIfNeeded();
  const slider = productPage(page).getByRole('region', { name: 'Вам может понравиться' });
  await expect(slider.getByRole('listitem').first()).toBeVisible();
  const hrefs = (selector: string) =>
    slider.locator(selector).evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
  // Every link (cards and their colour dots) leaves this model out; each card's own product is in the band
  // (a card's colour dots lead to the model's other colours, which may cost more or less).
  const ownPaths = product.variants.map((v) => v.webPath);
  for (const path of await hrefs('a[href^="/product/"]')) expect(ownPaths).not.toContain(path);
  const paths = await hrefs('a[href^="/product/"]:not([aria-label^="Цвет: "])');
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) {
    const { resolvePage } = await gql<{ resolvePage: { id: string } }>(request, 'query($p: String!) { resolvePage(path: $p) { id } }', {
      p: path,
    });
    const { product: shown } = await gql<{ product: { minPriceInRUB: number; mainCategory: { id: string } } }>(
      request,
      'query($id: ID!) { product(id: $id) { minPriceInRUB mainCategory { id } } }',
      { id: resolvePage.id },
    );
    expect(shown.mainCategory.id).toBe(product.mainCategory.id);
    expect(shown.minPriceInRUB).toBeGreaterThanOrEqual(product.minPriceInRUB * 0.7 - 1);
    expect(shown.minPriceInRUB).toBeLessThanOrEqual(product.minPriceInRUB * 1.3 + 1);
  }
});

// Guards what the smoke opens and what each page must show: every page type of the remote (the
// contract tables), its other modules on the page that shows them, and expectations from the
// catalogue as it is now (a product in stock, the counts of its category, brand and search), so a
// page that renders its landmark but no products is refused; a catalogue without such a product
// skips what cannot be judged and says why.
import { CART_STORAGE_KEY } from '@shop/contracts/cart-storage';
import { FAVOURITES_STORAGE_KEY } from '@shop/contracts/favourites-storage';
import { expect, it } from 'vitest';
import { type CatalogueSample, searchWord } from '../src/catalogue/api-client.ts';
import { visitsFor } from '../src/registry/smoke-plan.ts';

const SAMPLE: CatalogueSample = {
  total: 480,
  product: {
    id: '11',
    productId: '11',
    modelId: '5',
    name: 'Кроссовки Nike Pegasus 41',
    sku: 'DV-1',
    webPath: '/product/nike-pegasus-41-black-dv-1',
    photo: '/api/images/p/11.webp',
    brand: { name: 'Nike', webPath: '/brands/nike' },
    mainCategory: { name: 'Кроссовки', webPath: '/catalog/obuv/krossovki' },
    offer: { id: '301', sku: 'DV-1-42', size: '42', priceInRUB: 12990 },
  },
  categoryCount: 74,
  brandCount: 52,
  search: { word: 'Pegasus', count: 9, named: true },
  recommended: 6,
};

it('opens every page type of the remote and its other modules on their page, with what each must show', () => {
  const catalog = visitsFor('mf_catalog', SAMPLE);
  expect(catalog.visits.map((v) => `${v.label} ${v.path}`)).toEqual([
    'HOME /',
    'SEARCH /search?search=Pegasus',
    'CATEGORY /catalog/obuv/krossovki',
    'BRAND /brands/nike',
    'FAVOURITES /favourites',
    'ProductSlider /product/nike-pegasus-41-black-dv-1',
  ]);
  const expects = Object.fromEntries(catalog.visits.map((v) => [v.label, v.expect]));
  expect(expects).toEqual({
    HOME: [{ kind: 'cards', count: 480 }],
    SEARCH: [{ kind: 'cards', count: 9, naming: 'Pegasus' }],
    CATEGORY: [{ kind: 'cards', count: 74 }],
    BRAND: [{ kind: 'cards', count: 52 }],
    FAVOURITES: [{ kind: 'cards', count: 1, naming: 'Кроссовки Nike Pegasus 41' }],
    ProductSlider: [{ kind: 'cards', count: 6 }],
  });
  // the liked product is in the browser's storage before the page loads
  const favourites = catalog.visits.find((v) => v.label === 'FAVOURITES');
  expect(JSON.parse(favourites?.storage?.[FAVOURITES_STORAGE_KEY] ?? '{}')).toEqual({ state: { ids: ['11'] }, version: 1 });

  expect(visitsFor('mf_product', SAMPLE).visits).toEqual([
    {
      module: 'mf_product/ProductPage',
      label: 'PRODUCT',
      path: '/product/nike-pegasus-41-black-dv-1',
      expect: [{ kind: 'product', name: 'Кроссовки Nike Pegasus 41', size: '42' }],
    },
  ]);

  const cart = visitsFor('mf_cart', SAMPLE).visits;
  expect(cart.map((v) => v.label)).toEqual(['CART', 'CHECKOUT', 'ORDER', 'RETURNS', 'CartOverlay']);
  const page = cart.find((v) => v.label === 'CART');
  expect(page?.expect).toEqual([{ kind: 'cart-line', name: 'Кроссовки Nike Pegasus 41' }]);
  const line = JSON.parse(page?.storage?.[CART_STORAGE_KEY] ?? '{}').state.items[0];
  expect(line).toMatchObject({ id: '301', productId: '11', name: 'Кроссовки Nike Pegasus 41', price: 12990, size: '42', quantity: 1 });
  // the order page: a well-formed number with a key no order has, and its «Заказ не найден» state as the landmark
  expect(cart.find((v) => v.label === 'ORDER')).toMatchObject({
    path: expect.stringMatching(/^\/order\/SH-22222\?key=smoke-[0-9a-f]{32}$/),
    landmark: '[data-testid="order-not-found"]',
  });
  // the quick-cart panel: a size put into the cart on the product page, as a shopper does
  expect(cart.find((v) => v.label === 'CartOverlay')).toMatchObject({
    path: '/product/nike-pegasus-41-black-dv-1',
    show: { kind: 'add-to-cart', remote: 'mf_product', size: '42', name: 'Кроссовки Nike Pegasus 41' },
    expect: [{ kind: 'cart-line', name: 'Кроссовки Nike Pegasus 41' }],
  });
});

it('asks for no named card when the search’s first page does not name the word, and for none where the database has none', () => {
  const visits = visitsFor('mf_catalog', { ...SAMPLE, search: { word: 'Pegasus', count: 9, named: false }, categoryCount: 0 }).visits;
  expect(visits.find((v) => v.label === 'SEARCH')?.expect).toEqual([{ kind: 'cards', count: 9 }]);
  expect(visits.find((v) => v.label === 'CATEGORY')?.expect).toEqual([]);
});

it('skips what a catalogue cannot show, and the modules on a page whose remote is not served yet, saying why', () => {
  const empty = visitsFor('mf_catalog', { total: 0, product: null, categoryCount: 0, brandCount: 0, search: null, recommended: 0 });
  expect(empty.visits.map((v) => `${v.label} ${v.path}`)).toEqual(['HOME /', 'SEARCH /search', 'FAVOURITES /favourites']);
  expect(empty.visits.every((v) => v.expect.length === 0)).toBe(true);
  expect(empty.skipped).toEqual([
    'CATEGORY (в каталоге нет товара в наличии)',
    'BRAND (в каталоге нет товара в наличии)',
    'ProductSlider (в каталоге нет товара в наличии)',
  ]);
  expect(visitsFor('mf_catalog', { ...SAMPLE, recommended: 0 }).skipped).toEqual(['ProductSlider (у товара нет похожих для «Вам может понравиться»)']);
  // the first release of a shop: the product page's remote is not served yet, so its slider and the quick cart wait
  const first = visitsFor('mf_catalog', SAMPLE, (remote) => remote !== 'mf_product');
  expect(first.visits.map((v) => v.label)).not.toContain('ProductSlider');
  expect(first.skipped.join()).toContain('нет активного релиза mf_product');
  expect(visitsFor('mf_cart', SAMPLE, (remote) => remote !== 'mf_product').skipped.join()).toContain('CartOverlay (нет активного релиза mf_product');
});

it('searches for the longest word of the name that is neither its kind nor its brand, else the brand', () => {
  expect(searchWord('Кроссовки Nike Pegasus 41', 'Nike')).toBe('Pegasus');
  expect(searchWord('Худи The North Face Box NSE', 'The North Face')).toBe('Box');
  expect(searchWord('Кроссовки New Balance 550', 'New Balance')).toBe('New Balance');
  expect(searchWord('Кеды Converse Chuck Taylor All Star', 'Converse')).toBe('Taylor');
});

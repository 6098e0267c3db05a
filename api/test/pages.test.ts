// Guards what each URL shows (resolvePage), page metadata with canonical URLs and JSON-LD,
// generated images, the health route and the sitemap's source.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

const RESOLVE = `query($path: String!, $query: String) { resolvePage(path: $path, query: $query) { type id status location } }`;

describeDrivers('pages', (env) => {
  const resolve = async (path: string, query = '') => (await env().data(RESOLVE, { path, query })).resolvePage;

  it('resolves home, search, cart and checkout as static pages', async () => {
    expect(await resolve('/')).toEqual({ type: 'HOME', id: null, status: 200, location: null });
    expect(await resolve('/search', 'search=nike')).toMatchObject({ type: 'SEARCH', status: 200 });
    expect(await resolve('/search/')).toMatchObject({ type: 'SEARCH', status: 200 });
    expect(await resolve('/cart')).toMatchObject({ type: 'CART', status: 200 });
    expect(await resolve('/checkout')).toMatchObject({ type: 'CHECKOUT', status: 200 });
    expect(await resolve('/cart/')).toMatchObject({ type: 'CART', status: 301, location: '/cart' });
  });

  // The header's heart leads to /favourites, a page of its own.
  it('resolves /favourites as the favourites page, kept out of search engines', async () => {
    expect(await resolve('/favourites')).toEqual({ type: 'FAVOURITES', id: null, status: 200, location: null });
    expect(await resolve('/Favourites/', 'utm=1')).toMatchObject({ type: 'FAVOURITES', status: 301, location: '/favourites?utm=1' });
    const meta = (await env().data(`{ pageMeta(type: FAVOURITES) { title canonical robots } }`)).pageMeta;
    expect(meta).toEqual({ title: expect.stringMatching(/^Избранное \| /), canonical: 'https://shop.test/favourites', robots: 'noindex, nofollow' });
  });

  // A colour with every size sold out promises no «…купить за 22 990 ₽» in its title.
  it('promises no price in the title of a product with no size in stock', async () => {
    const list = (await env().data(`{ products(limit: 100) { items { id inStock } } }`)).products.items;
    const soldOut = list.find((p: { inStock: boolean }) => !p.inStock);
    const inStock = list.find((p: { inStock: boolean }) => p.inStock);
    const meta = async (id: string) => (await env().data(`query($id: ID) { pageMeta(type: PRODUCT, id: $id) { title } }`, { id })).pageMeta.title;
    expect(await meta(soldOut.id)).toMatch(/ — нет в наличии \| /);
    expect(await meta(soldOut.id)).not.toContain('купить за');
    expect(await meta(inStock.id)).toContain('купить за');
  });

  it('resolves known web paths with 200 and their ids', async () => {
    expect(await resolve('/catalog/obuv/krossovki')).toEqual({ type: 'CATEGORY', id: '2', status: 200, location: null });
    expect(await resolve('/brands/nike')).toEqual({ type: 'BRAND', id: '1', status: 200, location: null });
    const p = (await env().data(`{ product(id: "5") { webPath } }`)).product;
    expect(await resolve(p.webPath)).toEqual({ type: 'PRODUCT', id: '5', status: 200, location: null });
  });

  it('answers 301 with the canonical location for trailing slash and case variants, keeping the query', async () => {
    expect(await resolve('/catalog/obuv/krossovki/', 'brand=1&sort=priceup')).toEqual({
      type: 'CATEGORY',
      id: '2',
      status: 301,
      location: '/catalog/obuv/krossovki?brand=1&sort=priceup',
    });
    expect(await resolve('/Brands/NIKE')).toMatchObject({ status: 301, location: '/brands/nike' });
    expect(await resolve('/brands/nike?x=1')).toMatchObject({ status: 200, type: 'BRAND' });
    expect(await resolve('/brands//nike')).toMatchObject({ status: 301, location: '/brands/nike' });
  });

  it('follows the redirects table (301 and 302), keeping the query', async () => {
    expect(await resolve('/krossovki', 'fsize=42')).toEqual({ type: 'CATEGORY', id: '2', status: 301, location: '/catalog/obuv/krossovki?fsize=42' });
    expect(await resolve('/brand/nike/')).toMatchObject({ status: 301, location: '/brands/nike' });
    expect(await resolve('/sale', 'page=2')).toMatchObject({ status: 302, location: '/search?sort=priceup&page=2' });
  });

  it('answers 404 for unknown paths; an order page never tells whether its order exists', async () => {
    expect(await resolve('/no/such/page')).toEqual({ type: 'NOT_FOUND', id: null, status: 404, location: null });
    // no existence oracle: any well-formed number is an ORDER page, 404 without its access key (order-page.test.ts)
    expect(await resolve('/order/SH-ZZZZZ')).toEqual({ type: 'ORDER', id: 'SH-ZZZZZ', status: 404, location: null });
    expect(await resolve('/order/SH-ZZZZ0')).toMatchObject({ type: 'NOT_FOUND', status: 404 });
    expect(await resolve('/order/nope')).toMatchObject({ type: 'NOT_FOUND', status: 404 });
    expect(await resolve('/%E0%A4%A')).toMatchObject({ status: 404 });
    const bad = await env().gql(RESOLVE, { path: 'no-slash' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('builds Russian page metadata with an absolute canonical URL without filters', async () => {
    const meta = (await env().data(`{ pageMeta(type: CATEGORY, id: "2", query: "brand=1,2&priceFrom=5000&fsize=42&sort=priceup&page=3") {
      title description keywords canonical robots ogTitle ogDescription ogUrl ogType ogImages { fullpath width height } } }`)).pageMeta;
    expect(meta.canonical).toBe('https://shop.test/catalog/obuv/krossovki?page=3');
    expect(meta.ogUrl).toBe(meta.canonical);
    expect(meta.title).toContain('Кроссовки');
    // a listing's later page has a title of its own
    expect(meta.title).toMatch(/ — страница 3 \| /);
    expect(meta.description.length).toBeGreaterThan(20);
    expect(meta.ogImages[0]).toMatchObject({ fullpath: expect.stringMatching(/^https:\/\/shop\.test\/api\/photos\/art\/category\/.+\/og\.jpg$/), width: 1200, height: 630 });
    const plain = (await env().data(`{ pageMeta(type: CATEGORY, id: "2", query: "brand=1") { canonical title } }`)).pageMeta;
    expect(plain.canonical).toBe('https://shop.test/catalog/obuv/krossovki');
    expect(plain.title).not.toContain('страница');
    const brandPage = (await env().data(`{ pageMeta(type: BRAND, id: "1", query: "page=2") { title } }`)).pageMeta;
    expect(brandPage.title).toMatch(/^Nike — .* — страница 2 \| /);
    const home = (await env().data(`{ pageMeta(type: HOME) { canonical title } search: pageMeta(type: SEARCH, query: "search=найк") { canonical title robots } }`));
    expect(home.pageMeta.canonical).toBe('https://shop.test/');
    expect(home.search).toMatchObject({ canonical: 'https://shop.test/search', robots: 'noindex, follow' });
    expect(home.search.title).toContain('найк');
    const missing = await env().data(`{ pageMeta(type: PRODUCT, id: "99999") { title } }`);
    expect(missing.pageMeta).toBeNull();
  });

  it('gives a product page Open Graph data and Product JSON-LD with an Offer per size in RUB', async () => {
    const d = await env().data(`{ product(id: "3") { name sku webPath offers { sku size priceInRUB stock } }
      pageMeta(type: PRODUCT, id: "3") { title ogType canonical ogImages { fullpath } jsonLd } }`);
    expect(d.pageMeta.ogType).toBe('product');
    expect(d.pageMeta.canonical).toBe(`https://shop.test${d.product.webPath}`);
    expect(d.pageMeta.title).toMatch(d.product.offers.some((o: { stock: number }) => o.stock > 0) ? /₽/ : /нет в наличии/);
    expect(d.pageMeta.ogImages.length).toBe(4);
    const ld = JSON.parse(d.pageMeta.jsonLd);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: d.product.name, sku: d.product.sku });
    expect(ld.offers).toHaveLength(d.product.offers.length);
    for (const [i, o] of d.product.offers.entries()) {
      expect(ld.offers[i]).toMatchObject({ '@type': 'Offer', sku: o.sku, price: o.priceInRUB, priceCurrency: 'RUB' });
      expect(ld.offers[i].availability).toBe(o.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
    }
  });

  it('serves generated art with its declared size, deterministically', async () => {
    const p = (await env().data(`{ product(id: "1") { gallery { url width height } } }`)).product;
    for (const g of p.gallery) {
      const svg = g.url.replace(/^\/api\/photos\/art\/(.+)\/\d+\.jpg$/, '/api/images/$1.svg');
      const res = await env().request(svg);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      const body = await res.text();
      expect(body).toContain(`width="${g.width}" height="${g.height}"`);
      expect(await (await env().request(svg)).text()).toBe(body);
    }
    expect((await env().request('/api/images/brand/nike.svg')).status).toBe(200);
    expect((await env().request('/api/images/product/shoe/white/x/1-99999x1.svg')).status).toBe(404);
    expect((await env().request('/api/images/../../etc/passwd')).status).toBe(404);
  });

  it('answers /api/health and GraphQL health', async () => {
    const res = await env().request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await env().data(`{ health }`)).health).toBe(true);
    const unknown = await env().request('/api/nothing');
    expect(unknown.status).toBe(404);
  });
});

// Guards the catalogue queries the shop's pages call: categories, brands, listings with filters,
// facets, sorting and paging, product detail, offers, home lists, menu and sitemap.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { describeDrivers } from './test-env.ts';

const LISTING = /* GraphQL */ `
  query Listing($type: ProductType, $scope: ListingScopeInput, $filter: ProductFilterInput, $sort: ProductSort, $offset: Int, $limit: Int) {
    products(type: $type, scope: $scope, filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      totalCount
      items { id modelId productId name sku sizes priceInRUB minPriceInRUB inStock webPath variantType
        photo { fullpath width height } mainCategory { id name } brand { id name }
        variants { id name color colorName webPath thumbnail { src } } }
    }
  }`;

describeDrivers('catalogue', (env) => {
  const ids = async () => {
    const d = await env().data(`{ categories { id name webPath } brands(limit: 100) { items { id name } } properties { id name } }`);
    const cat = (name: string) => d.categories.find((c: { name: string }) => c.name === name).id as string;
    const brand = (name: string) => d.brands.items.find((b: { name: string }) => b.name === name).id as string;
    const prop = (name: string) => d.properties.find((p: { name: string }) => p.name === name).id as string;
    return { cat, brand, prop };
  };

  it('lists categories sorted by name, filtered by isHaveParent, with images', async () => {
    const d = await env().data(`{ all: categories { name } sub: categories(filter: { isHaveParent: true }) { name parent { name } }
      top: categories(filter: { isHaveParent: false }) { name children { name } image { fullpath width height } } }`);
    const names = d.all.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'ru')));
    expect(d.top.map((c: { name: string }) => c.name)).toEqual(['Обувь', 'Одежда']);
    expect(d.top[0].children.map((c: { name: string }) => c.name)).toEqual(['Ботинки', 'Кеды', 'Кроссовки']);
    expect(d.top[0].image).toMatchObject({ fullpath: expect.stringMatching(/^\/api\/photos\/art\/category\//), width: 600, height: 400 });
    expect(d.sub).toHaveLength(6);
    expect(d.sub.every((c: { parent: unknown }) => c.parent)).toBe(true);
  });

  it('lists every value the catalogue has for each property, sizes sold out everywhere too, in the filters\' order', async () => {
    const db = env().database.db;
    const { properties } = await env().data('{ properties { name values } }');
    const values = (name: string) => properties.find((p: { name: string }) => p.name === name).values as string[];
    const sizes = (await rows<{ s: string }>(db, sql`SELECT DISTINCT size AS s FROM offers`)).map((r) => r.s);
    expect([...values('size')].sort()).toEqual([...sizes].sort());
    const shoeSizes = values('size').filter((v) => /^\d/.test(v));
    expect(shoeSizes).toEqual([...shoeSizes].sort((a, b) => Number(a) - Number(b)));
    const colors = (await rows<{ c: string }>(db, sql`SELECT DISTINCT color_name AS c FROM products`)).map((r) => r.c);
    expect([...values('color')].sort()).toEqual([...colors].sort());
    expect([...values('gender')].sort()).toEqual(['женский', 'мужской', 'унисекс']);
  });

  it('gets a category and a brand by id; unknown ids give null', async () => {
    const d = await env().data(`{ category(id: "2") { id name webPath description text } brand(id: "1") { name webPath heading logo { fullpath width height } aliases }
      noCat: category(id: "99999") { id } noBrand: brand(id: "99999") { id } }`);
    expect(d.category).toMatchObject({ id: '2', name: 'Кроссовки', webPath: '/catalog/obuv/krossovki' });
    expect(d.category.description).toContain('Кроссовки');
    expect(d.brand).toMatchObject({ name: 'Nike', webPath: '/brands/nike', aliases: expect.arrayContaining(['найк']) });
    expect(d.brand.logo).toEqual({ fullpath: '/api/images/brand/nike.svg', width: 240, height: 120 });
    expect(d.noCat).toBeNull();
    expect(d.noBrand).toBeNull();
  });

  it('lists brands with onMainPage, offset and limit', async () => {
    const all = await env().data(`{ brands(limit: 100) { totalCount items { name onMainPage } } }`);
    expect(all.brands.totalCount).toBe(17);
    const names = all.brands.items.map((b: { name: string }) => b.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const main = await env().data(`{ brands(filter: { onMainPage: true }, offset: 2, limit: 3) { totalCount items { name onMainPage } } top: topBrands { name } }`);
    expect(main.brands.items).toHaveLength(3);
    expect(main.brands.items.every((b: { onMainPage: boolean }) => b.onMainPage)).toBe(true);
    const onMain = all.brands.items.filter((b: { onMainPage: boolean }) => b.onMainPage);
    expect(main.brands.totalCount).toBe(onMain.length);
    expect(main.brands.items.map((b: { name: string }) => b.name)).toEqual(onMain.slice(2, 5).map((b: { name: string }) => b.name));
    expect(main.top).toHaveLength(onMain.length);
    const past = await env().data(`{ brands(offset: 500, limit: 10) { totalCount items { name } } }`);
    expect(past.brands).toEqual({ totalCount: 17, items: [] });
  });

  it('narrows a category listing by brands, price and size, sorted by price', async () => {
    const { cat, brand, prop } = await ids();
    const scope = { categoryId: cat('Обувь') };
    const all = await env().data(LISTING, { scope, limit: 100 });
    const byBrand = await env().data(LISTING, { scope, filter: { brandIds: [brand('Nike'), brand('Adidas')] }, limit: 100 });
    const full = await env().data(LISTING, {
      scope,
      filter: { brandIds: [brand('Nike'), brand('Adidas')], priceFrom: 8000, priceTo: 20000, properties: [{ propertyId: prop('size'), values: ['42'] }] },
      sort: 'PRICEUP',
      limit: 100,
    });
    expect(all.products.totalCount).toBeGreaterThan(byBrand.products.totalCount);
    expect(byBrand.products.totalCount).toBeGreaterThan(full.products.totalCount);
    expect(full.products.totalCount).toBeGreaterThan(0);
    expect(full.products.items).toHaveLength(full.products.totalCount);
    for (const p of byBrand.products.items) expect(['Nike', 'Adidas']).toContain(p.brand.name);
    for (const p of full.products.items) {
      expect(['Nike', 'Adidas']).toContain(p.brand.name);
      expect(p.minPriceInRUB).toBeGreaterThanOrEqual(8000);
      expect(p.minPriceInRUB).toBeLessThanOrEqual(20000);
      expect(p.sizes).toContain('42');
      expect(['Кроссовки', 'Кеды', 'Ботинки']).toContain(p.mainCategory.name);
    }
    const prices = full.products.items.map((p: { minPriceInRUB: number }) => p.minPriceInRUB);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    // the property can be named instead of numbered, as in the URL parameter f{propertyId}
    const named = await env().data(LISTING, { scope, filter: { properties: [{ propertyId: 'size', values: ['42'] }] }, limit: 1 });
    const numbered = await env().data(LISTING, { scope, filter: { properties: [{ propertyId: prop('size'), values: ['42'] }] }, limit: 1 });
    expect(named.products.totalCount).toBe(numbered.products.totalCount);
  });

  it('sorts by price both ways and by novelty, sold-out products in their place', async () => {
    const up = await env().data(LISTING, { sort: 'PRICEUP', limit: 100 });
    const down = await env().data(LISTING, { sort: 'PRICEDOWN', limit: 100 });
    const newly = await env().data(`{ products(sort: NEWLY, limit: 100) { items { inStock createdAt } } }`);
    const upPrices = up.products.items.map((p: any) => p.minPriceInRUB);
    const downPrices = down.products.items.map((p: any) => p.minPriceInRUB);
    expect(upPrices).toEqual([...upPrices].sort((a, b) => a - b));
    expect(downPrices).toEqual([...downPrices].sort((a, b) => b - a));
    const dates = newly.products.items.map((p: any) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  // Sold-out items forced to the end would start page 7 of «по возрастанию цены» again at
  // 8 990 ₽. Every page, walked as the shop pages it.
  it('keeps a price sort monotonic across every page, sold-out products included', async () => {
    const { brand } = await ids();
    const scopes = [{}, { brandId: brand('Nike') }, { search: 'кроссовки' }];
    for (const scope of scopes) {
      for (const sort of ['PRICEUP', 'PRICEDOWN'] as const) {
        const all: { id: string; minPriceInRUB: number; inStock: boolean }[] = [];
        for (let offset = 0; ; offset += 24) {
          const d = await env().data(LISTING, { scope, sort, offset, limit: 24 });
          all.push(...d.products.items);
          if (offset + 24 >= d.products.totalCount) break;
        }
        const prices = all.map((p) => p.minPriceInRUB);
        const sorted = [...prices].sort((a, b) => (sort === 'PRICEUP' ? a - b : b - a));
        expect(prices, `${sort} ${JSON.stringify(scope)}`).toEqual(sorted);
        expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
        if (!('search' in scope)) expect(all.some((p) => !p.inStock)).toBe(true);
      }
    }
  });

  // The favourites page asks for the liked products by id: current prices, and an id that is no
  // longer in the catalogue (or never was) is simply absent.
  it('lists only the given ids, quietly leaving out unknown ones; an empty list lists nothing', async () => {
    const some = await env().data(LISTING, { sort: 'PRICEUP', limit: 3 });
    const ids = some.products.items.map((p: { id: string }) => p.id);
    const only = await env().data(LISTING, { filter: { ids: [...ids, '999999'] }, sort: 'PRICEUP', limit: 100 });
    expect(only.products.totalCount).toBe(3);
    expect(only.products.items.map((p: { id: string; minPriceInRUB: number }) => [p.id, p.minPriceInRUB])).toEqual(
      some.products.items.map((p: { id: string; minPriceInRUB: number }) => [p.id, p.minPriceInRUB]),
    );
    const none = await env().data(LISTING, { filter: { ids: [] }, limit: 100 });
    expect(none.products).toEqual({ totalCount: 0, items: [] });
    const tooMany = await env().gql(LISTING, { filter: { ids: Array.from({ length: 201 }, (_, i) => String(i + 1)) } });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  // A colour with every size sold out shows it on its swatch.
  it('says of each colour variant whether any of its sizes is in stock, in listings and on the product', async () => {
    const all = (await env().data(`{ products(limit: 100, sort: PRICEUP) { items { id inStock variants { id inStock } } } }`)).products.items;
    const stock = new Map(all.map((p: { id: string; inStock: boolean }) => [p.id, p.inStock]));
    const soldOut = all.find((p: { inStock: boolean }) => !p.inStock);
    expect(soldOut).toBeDefined();
    for (const p of all) for (const v of p.variants) if (stock.has(v.id)) expect(v.inStock).toBe(stock.get(v.id));
    const own = (await env().data(`query($id: ID!) { product(id: $id) { variants { id inStock } } }`, { id: soldOut.id })).product.variants;
    expect(own.find((v: { id: string }) => v.id === soldOut.id).inStock).toBe(false);
  });

  it('pages without overlap and keeps totalCount', async () => {
    const first = await env().data(LISTING, { sort: 'PRICEUP', offset: 0, limit: 10 });
    const second = await env().data(LISTING, { sort: 'PRICEUP', offset: 10, limit: 10 });
    const both = await env().data(LISTING, { sort: 'PRICEUP', offset: 0, limit: 20 });
    expect(first.products.totalCount).toBe(153);
    expect(second.products.totalCount).toBe(153);
    expect([...first.products.items, ...second.products.items].map((p: { id: string }) => p.id)).toEqual(both.products.items.map((p: { id: string }) => p.id));
    const beyond = await env().data(LISTING, { offset: 1000, limit: 10 });
    expect(beyond.products).toEqual({ totalCount: 153, items: [] });
  });

  it('excludes ids and lists offers as elements', async () => {
    const first = await env().data(LISTING, { limit: 3 });
    const ids3 = first.products.items.map((p: { id: string }) => p.id);
    const without = await env().data(LISTING, { filter: { excludeIds: ids3 }, limit: 100 });
    expect(without.products.totalCount).toBe(150);
    expect(without.products.items.some((p: { id: string }) => ids3.includes(p.id))).toBe(false);
    const offers = await env().data(LISTING, { type: 'OFFER', filter: { properties: [{ propertyId: 'size', values: ['M'] }] }, sort: 'PRICEDOWN', limit: 50 });
    expect(offers.products.totalCount).toBeGreaterThan(0);
    for (const o of offers.products.items) {
      expect(o.sizes).toEqual(['M']);
      expect(o.modelId).toBe(o.productId);
      expect(o.inStock).toBe(true);
    }
  });

  it('lists listing elements with every field the cards use', async () => {
    const d = await env().data(LISTING, { limit: 5 });
    const p = d.products.items[0];
    expect(p).toMatchObject({ variantType: 'color', webPath: expect.stringMatching(/^\/product\//), sku: expect.any(String), name: expect.any(String) });
    expect(p.photo).toMatchObject({ fullpath: expect.stringMatching(/^\/api\/photos\/art\/product\//), width: 1600, height: 1600 });
    expect(p.variants.length).toBeGreaterThanOrEqual(1);
    expect(p.variants.some((v: { id: string }) => v.id === p.id)).toBe(true);
    expect(p.variants[0]).toMatchObject({ color: expect.any(String), colorName: expect.any(String), thumbnail: { src: expect.stringMatching(/^\/api\/photos\//) } });
  });

  it('cuts a card\'s colour variants to a limit, the product\'s own always among them, and counts them all', async () => {
    type Listed = { id: string; productId: string; variantCount: number; variants: { id: string }[] };
    const all = (await env().data(`{ products(limit: 100) { items { id productId variantCount variants { id } } } }`)).products.items as Listed[];
    // a product whose colour is not its model's first, and one whose colour is
    const later = all.find((p) => p.variants.length >= 2 && p.variants[0]?.id !== p.productId);
    const first = all.find((p) => p.variants.length >= 2 && p.variants[0]?.id === p.productId);
    if (!later || !first) throw new Error('the catalogue has no model of two colours');
    expect(later.variantCount).toBe(later.variants.length);
    const q = `query($id: ID!, $n: Int) { product(id: $id) { variantCount variants(limit: $n) { id } } }`;
    const cut = (await env().data(q, { id: later.id, n: 1 })).product;
    expect(cut.variantCount).toBe(later.variants.length);
    expect(cut.variants.map((v: { id: string }) => v.id)).toEqual([later.productId]);
    expect((await env().data(q, { id: first.id, n: 1 })).product.variants.map((v: { id: string }) => v.id)).toEqual([first.productId]);
    // listing rows (loaded with their relations) are cut the same way
    const listed = (await env().data(`{ products(limit: 100) { items { id variants(limit: 1) { id } } } }`)).products.items as Listed[];
    expect(listed.find((p) => p.id === later.id)?.variants.map((v) => v.id)).toEqual([later.productId]);
    // a limit above the colours a model has changes nothing
    expect((await env().data(q, { id: later.id, n: 10 })).product.variants).toEqual(later.variants);
    for (const n of [0, -1, 11]) {
      const refused = await env().gql(q, { id: later.id, n });
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toBe('limit должен быть от 1 до 10');
    }
  });

  it('computes facet counts that match the listing they would produce', async () => {
    const { cat, brand } = await ids();
    const scope = { categoryId: cat('Обувь') };
    const filter = { brandIds: [brand('Nike')], properties: [{ propertyId: 'size', values: ['42'] }] };
    const f = (await env().data(
      `query($scope: ListingScopeInput, $filter: ProductFilterInput) { productFilters(scope: $scope, filter: $filter) {
        totalCount minPriceInRUBFrom minPriceInRUBTo brands { id name count selected } categories { id name count selected }
        properties { id name title values options { value count selected } } } }`,
      { scope, filter },
    )).productFilters;
    const count = async (flt: object) => (await env().data(LISTING, { scope, filter: flt, limit: 1 })).products.totalCount;
    expect(f.totalCount).toBe(await count(filter));
    expect(f.properties.map((p: { name: string }) => p.name)).toEqual(['size']);
    expect(f.properties[0].title).toBe('Размер');
    // brand facet: other selections applied (size 42), its own not
    const adidas = f.brands.find((b: { name: string }) => b.name === 'Adidas');
    expect(adidas.count).toBe(await count({ brandIds: [brand('Adidas')], properties: filter.properties }));
    expect(f.brands.find((b: { name: string }) => b.name === 'Nike').selected).toBe(true);
    // size facet: brand applied, size not
    const size43 = f.properties[0].options.find((o: { value: string }) => o.value === '43');
    expect(size43.count).toBe(await count({ brandIds: [brand('Nike')], properties: [{ propertyId: 'size', values: ['43'] }] }));
    expect(f.properties[0].options.find((o: { value: string }) => o.value === '42').selected).toBe(true);
    // nothing offered that leads nowhere; sizes sorted as sizes
    expect(f.brands.every((b: { count: number; selected: boolean }) => b.count > 0 || b.selected)).toBe(true);
    const values = f.properties[0].values.map(Number);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // clothing is outside the scope; the scope category itself is not a choice
    expect(f.categories.map((c: { name: string }) => c.name).sort()).toEqual(['Ботинки', 'Кеды', 'Кроссовки'].filter((n) => f.categories.some((c: { name: string }) => c.name === n)).sort());
    expect(f.categories.some((c: { name: string }) => c.name === 'Обувь')).toBe(false);
    const priced = await env().data(LISTING, { scope, filter: { brandIds: [brand('Nike')], properties: filter.properties }, sort: 'PRICEUP', limit: 100 });
    const mins = priced.products.items.map((p: { minPriceInRUB: number }) => p.minPriceInRUB);
    expect(f.minPriceInRUBFrom).toBe(Math.min(...mins));
    expect(f.minPriceInRUBTo).toBe(Math.max(...mins));
  });

  it('gives filter data for a brand page and for a search', async () => {
    const { brand } = await ids();
    const d = await env().data(`query($b: ID) { byBrand: productFilters(scope: { brandId: $b }) { totalCount brands { name } categories { name } }
      bySearch: productFilters(scope: { search: "худи" }) { totalCount categories { name count } } }`, { b: brand('Carhartt WIP') });
    expect(d.byBrand.brands.map((b: { name: string }) => b.name)).toEqual(['Carhartt WIP']);
    expect(d.byBrand.categories.map((c: { name: string }) => c.name)).toContain('Худи');
    expect(d.bySearch.totalCount).toBeGreaterThan(0);
    expect(d.bySearch.categories.find((c: { name: string }) => c.name === 'Худи').count).toBe(d.bySearch.totalCount);
  });

  it('returns a product with detail, gallery, attributes and offers sorted by price', async () => {
    const d = await env().data(`{ product(id: "1") { id name text description webPath colorName
      gallery { id url width height } technicalAttributes { name title type text number unit }
      offers { id sku size priceInRUB stock soldOut } brand { name } mainCategory { name } } missing: product(id: "99999") { id } }`);
    const p = d.product;
    expect(p.description.length).toBeGreaterThan(20);
    expect(p.gallery.length).toBe(4);
    expect(p.gallery.map((g: { height: number }) => g.height)).toContain(1066);
    expect(p.technicalAttributes.some((a: { type: string }) => a.type === 'NUMBER')).toBe(true);
    expect(p.technicalAttributes.some((a: { type: string }) => a.type === 'TEXT')).toBe(true);
    const prices = p.offers.map((o: { priceInRUB: number }) => o.priceInRUB);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    for (const o of p.offers) expect(o.soldOut).toBe(o.stock === 0);
    expect(d.missing).toBeNull();
  });

  it('gives each product the size chart of its category and brand, the brand\'s own first, covering its sizes', async () => {
    const list = await env().data(`{ products(limit: 100) { items { id brand { name } mainCategory { name } offers { size } } } }`);
    type Item = { id: string; brand: { name: string }; mainCategory: { name: string }; offers: { size: string }[] };
    const items: Item[] = list.products.items;
    const chartOf = async (p: Item) =>
      (await env().data(`query($id: ID!) { product(id: $id) { sizeChart { title columns rows { size values } note } } }`, { id: p.id })).product.sizeChart;
    const shoes = ['Кроссовки', 'Кеды', 'Ботинки'];
    const nike = items.find((p) => p.brand.name === 'Nike' && shoes.includes(p.mainCategory.name)) as Item;
    const otherShoe = items.find((p) => !['Nike', 'Jordan', 'Adidas', 'New Balance'].includes(p.brand.name) && shoes.includes(p.mainCategory.name)) as Item;
    const hoodie = items.find((p) => p.mainCategory.name === 'Худи') as Item;
    const nikeChart = await chartOf(nike);
    expect(nikeChart.title).toBe('Размеры обуви Nike');
    expect(nikeChart.columns).toEqual(['RU', 'EU', 'US', 'Длина стопы, см']);
    expect(nikeChart.rows.find((r: { size: string }) => r.size === '41').values).toEqual(['41', '42', '8,5', '26,7']);
    expect(nikeChart.note).toContain('Измерьте стопу');
    expect((await chartOf(otherShoe)).title).toBe('Размеры обуви');
    const clothes = await chartOf(hoodie);
    expect(clothes.title).toBe('Размеры одежды');
    // every size the product is sold in has its row
    for (const p of [nike, otherShoe, hoodie]) {
      const chart = await chartOf(p);
      for (const o of p.offers) expect(chart.rows.map((r: { size: string }) => r.size)).toContain(o.size);
    }
  });

  it('returns a model with its colour variants and offers by model or product ids', async () => {
    const list = await env().data(`{ products(limit: 100) { items { id modelId variants { id } } } }`);
    const multi = list.products.items.find((p: { variants: unknown[] }) => p.variants.length > 1);
    const d = await env().data(`query($m: ID!, $p: ID!) { productModel(id: $m) { id name brand { name } variants { id webPath colorName offers { id } } }
      byModel: offers(modelIds: [$m]) { id productId priceInRUB } byProduct: offers(productIds: [$p]) { id productId priceInRUB } }`, { m: multi.modelId, p: multi.id });
    expect(d.productModel.variants.map((v: { id: string }) => v.id).sort()).toEqual(multi.variants.map((v: { id: string }) => v.id).sort());
    const modelOffers = d.productModel.variants.flatMap((v: { offers: unknown[] }) => v.offers).length;
    expect(d.byModel).toHaveLength(modelOffers);
    expect(d.byProduct.every((o: { productId: string }) => o.productId === multi.id)).toBe(true);
    const prices = d.byModel.map((o: { priceInRUB: number }) => o.priceInRUB);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
  });

  it('serves the home lists: recommended, popular, newest', async () => {
    const { cat } = await ids();
    const d = await env().data(`query($c: [ID!]) { recommendedProducts(excludeIds: ["1", "2"], categoryIds: $c, priceFrom: 5000, priceTo: 30000) { id minPriceInRUB mainCategory { name } }
      popularProducts { minPriceInRUB } newestProducts { createdAt inStock } }`, { c: [cat('Обувь')] });
    expect(d.recommendedProducts.length).toBeGreaterThan(0);
    expect(d.recommendedProducts.length).toBeLessThanOrEqual(20);
    for (const p of d.recommendedProducts) {
      expect(['1', '2']).not.toContain(p.id);
      expect(p.minPriceInRUB).toBeGreaterThanOrEqual(5000);
      expect(['Кроссовки', 'Кеды', 'Ботинки']).toContain(p.mainCategory.name);
    }
    expect(d.popularProducts.length).toBe(20);
    for (const p of d.popularProducts) expect(p.minPriceInRUB >= 24000 && p.minPriceInRUB <= 42000).toBe(true);
    expect(d.newestProducts).toHaveLength(20);
  });

  it('gives a card its price without the offers: null when the sizes in stock cost differently', async () => {
    const d = await env().data(`{ products(limit: 100) { items { productId priceInRUB inStock cardPriceInRUB offers { priceInRUB soldOut } } } }`);
    let differing = 0;
    for (const p of d.products.items) {
      const offers: { priceInRUB: number; soldOut: boolean }[] = p.offers;
      const buyable = p.inStock ? offers.filter((o) => !o.soldOut) : offers;
      const one = new Set(buyable.map((o) => o.priceInRUB)).size <= 1;
      if (!one) differing++;
      expect(p.cardPriceInRUB, `product ${p.productId}`).toBe(one ? p.priceInRUB : null);
    }
    // the seed has both kinds, so both branches are checked against the real offers
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThan(d.products.items.length);
  });

  it('asks the home lists for their first view: the first items of the whole list, in its order', async () => {
    const d = await env().data(`{ few: popularProducts(limit: 4) { id } all: popularProducts(limit: 20) { id }
      newFew: newestProducts(limit: 4) { id } newAll: newestProducts { id } recFew: recommendedProducts(limit: 4) { id } recAll: recommendedProducts { id } }`);
    expect(d.few).toHaveLength(4);
    expect(d.few).toEqual(d.all.slice(0, 4));
    expect(d.newFew).toEqual(d.newAll.slice(0, 4));
    expect(d.recFew).toEqual(d.recAll.slice(0, 4));
  });

  it('returns the menu tree with a mega menu, nested dropdowns and isNew', async () => {
    const d = await env().data(`{ menu { name href type isNew panel { title text href image { fullpath } } children { name type href children { name href isNew children { name } } } } }`);
    const types = d.menu.map((m: { type: string }) => m.type);
    expect(types).toEqual(expect.arrayContaining(['LINK', 'DROPDOWN', 'MEGA_MENU']));
    const mega = d.menu.find((m: { type: string }) => m.type === 'MEGA_MENU');
    expect(mega.panel.title).toBeTruthy();
    expect(mega.children.length).toBeGreaterThanOrEqual(2);
    expect(mega.children[0].children.length).toBeGreaterThan(0);
    expect(d.menu.some((m: { isNew: boolean }) => m.isNew)).toBe(true);
    const brandsMenu = d.menu.find((m: { name: string }) => m.name === 'Бренды');
    expect(brandsMenu.children.some((c: { children: unknown[] }) => c.children.length > 0)).toBe(true);
  });

  it('lists the indexable fixed pages, then every catalogue path, for the sitemap', async () => {
    const d = await env().data(`{ sitemap { path type lastModified } }`);
    expect(d.sitemap.slice(0, 2)).toEqual([
      // the home page shows the catalogue: dated by its last change
      { path: '/', type: 'HOME', lastModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { path: '/vozvrat-i-obmen', type: 'RETURNS', lastModified: null },
    ]);
    // the shopper's own pages (cart, checkout, favourites) and search are not for indexing
    expect(d.sitemap.map((e: { type: string }) => e.type)).not.toContain('CART');
    expect(d.sitemap.length).toBe(2 + 8 + 17 + 153);
    expect(d.sitemap.filter((e: { type: string }) => e.type === 'PRODUCT').every((e: { lastModified: string }) => e.lastModified)).toBe(true);
  });
});

describeDrivers(
  'configured property filters',
  (env) => {
    it('offers every allowed property with facet counts, selected or not', async () => {
      const q = `query($filter: ProductFilterInput) { productFilters(scope: { categoryId: "1" }, filter: $filter) {
        totalCount properties { name title values options { value count selected } } } }`;
      const plain = (await env().data(q)).productFilters;
      expect(plain.properties.map((p: { name: string }) => p.name)).toEqual(['size', 'color', 'gender']);
      const colors = plain.properties[1];
      expect(colors.title).toBe('Цвет');
      expect(colors.values).toContain('белый');
      const white = colors.options.find((o: { value: string }) => o.value === 'белый');
      const filtered = (await env().data(q, { filter: { properties: [{ propertyId: 'color', values: ['белый'] }] } })).productFilters;
      expect(filtered.totalCount).toBe(white.count);
      // the colour facet ignores its own selection; the size facet now counts white products only
      expect(filtered.properties[1].options.find((o: { value: string }) => o.value === 'белый')).toMatchObject({ count: white.count, selected: true });
      const sizeTotal = (list: { count: number }[]) => list.reduce((n, o) => n + o.count, 0);
      expect(sizeTotal(filtered.properties[0].options)).toBeLessThan(sizeTotal(plain.properties[0].options));
    });
  },
  { allowedProperties: ['size', 'color', 'gender'] },
);

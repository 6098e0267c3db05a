// Guards search: Russian morphology, sku first, Latin/Cyrillic brand names, typos, wrong keyboard
// layout, relevance sort, and search-scoped listings.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

const SEARCH = /* GraphQL */ `
  query Search($search: String, $sort: ProductSort, $limit: Int) {
    products(scope: { search: $search }, sort: $sort, limit: $limit) {
      totalCount searchWords items { id name sku colorName brand { name } mainCategory { name } }
    }
  }`;

describeDrivers('search', (env) => {
  const search = async (text: string, sort = 'CONDITION', limit = 100) => (await env().data(SEARCH, { search: text, sort, limit })).products;

  it('finds кроссовки by the genitive plural кроссовок (morphology)', async () => {
    const exact = await search('кроссовки');
    const genitive = await search('кроссовок');
    const singular = await search('кроссовка');
    expect(exact.totalCount).toBeGreaterThan(10);
    expect(genitive.totalCount).toBe(exact.totalCount);
    expect(singular.totalCount).toBe(exact.totalCount);
    expect(exact.items.every((p: { mainCategory: { name: string } }) => p.mainCategory.name === 'Кроссовки')).toBe(true);
  });

  it('corrects typos: кросовки, адидос', async () => {
    const exact = await search('кроссовки');
    const typo = await search('кросовки');
    expect(typo.totalCount).toBe(exact.totalCount);
    expect(typo.searchWords).toEqual(['кроссовки']);
    const brand = await search('адидос');
    expect(brand.totalCount).toBeGreaterThan(0);
    expect(brand.items.every((p: { brand: { name: string } }) => p.brand.name === 'Adidas')).toBe(true);
  });

  it('understands text typed in the wrong keyboard layout', async () => {
    const exact = await search('кроссовки');
    const layout = await search('rhjccjdrb');
    expect(layout.totalCount).toBe(exact.totalCount);
    expect(layout.searchWords).toEqual(['кроссовки']);
    // and the other way round: «тшлу» is «nike» typed on a Russian layout
    const nike = await search('тшлу');
    expect(nike.totalCount).toBeGreaterThan(0);
    expect(nike.items.every((p: { brand: { name: string } }) => p.brand.name === 'Nike')).toBe(true);
  });

  it('finds brands by Latin and Cyrillic names alike (nike / найк)', async () => {
    const latin = await search('nike');
    const cyrillic = await search('найк');
    expect(latin.totalCount).toBeGreaterThan(0);
    expect(cyrillic.totalCount).toBe(latin.totalCount);
    expect(latin.items.every((p: { brand: { name: string } }) => p.brand.name === 'Nike')).toBe(true);
    const nb = await search('нью беланс');
    expect(nb.totalCount).toBeGreaterThan(0);
    expect(nb.items.every((p: { brand: { name: string } }) => p.brand.name === 'New Balance')).toBe(true);
  });

  it('combines words: «кроссовки nike белые» gives white Nike sneakers', async () => {
    const r = await search('кроссовки nike белые');
    expect(r.totalCount).toBeGreaterThan(0);
    for (const p of r.items) {
      expect(p.brand.name).toBe('Nike');
      expect(p.colorName).toBe('белый');
      expect(p.mainCategory.name).toBe('Кроссовки');
    }
  });

  it('ranks an exact sku match first, for product and offer skus, in any case', async () => {
    const some = (await env().data(`{ products(sort: PRICEUP, limit: 40) { items { id sku offers { sku } } } }`)).products.items;
    const target = some[37];
    const bySku = await search(target.sku.toLowerCase());
    expect(bySku.items[0].id).toBe(target.id);
    const byOfferSku = await search(target.offers[0].sku);
    expect(byOfferSku.items[0].id).toBe(target.id);
  });

  it('sorts by relevance under CONDITION and honours other sorts within a search', async () => {
    const relevance = await search('nike air max');
    expect(relevance.items[0].name).toMatch(/Air Max/);
    const priced = await search('кроссовки', 'PRICEUP');
    expect(priced.totalCount).toBeGreaterThan(0);
  });

  it('finds nothing for gibberish and everything for an empty search', async () => {
    expect((await search('zzqxwv')).totalCount).toBe(0);
    const all = await env().data(`{ products(limit: 1) { totalCount } }`);
    expect((await search('   ')).totalCount).toBe(all.products.totalCount);
  });

  it('treats SQL and tsquery syntax as plain text', async () => {
    for (const text of ["'; DROP TABLE products; --", 'nike & | ! ( ) :* <->', "кроссовки' OR '1'='1", `\\x00 %_ $${'{'}}`]) {
      const res = await env().gql(SEARCH, { search: text, limit: 5 });
      expect(res.errors, text).toBeUndefined();
      expect(res.status).toBe(200);
    }
    const after = await env().data(`{ products(limit: 1) { totalCount } }`);
    expect(after.products.totalCount).toBe(153);
  });
});

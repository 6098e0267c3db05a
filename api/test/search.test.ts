// Guards search: Russian morphology, sku first, Latin/Cyrillic brand names, typos, wrong keyboard
// layout, relevance sort, and search-scoped listings.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

const SEARCH = /* GraphQL */ `
  query Search($search: String, $sort: ProductSort, $limit: Int) {
    products(scope: { search: $search }, sort: $sort, limit: $limit) {
      totalCount searchWords searchCorrected items { id name sku colorName sizes brand { name } mainCategory { name } technicalAttributes { name text } }
    }
  }`;

const HINTED = /* GraphQL */ `
  query Hinted($search: String, $filter: ProductFilterInput) {
    products(scope: { search: $search }, filter: $filter, sort: CONDITION, limit: 100) {
      totalCount searchCorrected searchHint { unmatched article alternatives { query without totalCount title } categories { name } }
      items { id name brand { id name } mainCategory { name } }
    }
  }`;

describeDrivers('search', (env) => {
  const search = async (text: string, sort = 'CONDITION', limit = 100) =>
    (await env().data(SEARCH, { search: text, sort, limit })).products;
  const hinted = async (text: string, filter?: Record<string, unknown>) => (await env().data(HINTED, { search: text, filter })).products;

  it('never leaves a word out silently: it finds nothing, names the word and offers the query without it', async () => {
    const sneakers = (await search('кроссовки')).totalCount;
    for (const [q, word] of [
      ['кроссовки gucci', 'gucci'],
      ['кроссовки на липучке', 'липучке'],
      ['кроссовки детские', 'детские'],
    ] as const) {
      const r = await hinted(q);
      expect(r.totalCount, q).toBe(0);
      expect(r.searchCorrected, q).toBeNull();
      expect(r.searchHint, q).toEqual({
        unmatched: [word],
        article: null,
        alternatives: [{ query: 'кроссовки', without: [word], totalCount: sneakers, title: null }],
        categories: [{ name: 'Кроссовки' }],
      });
    }
    // a typo correction that would add another category (клетку → куртку) is not taken: no jackets
    const checked = await hinted('кеды в клетку');
    expect(checked.totalCount).toBe(0);
    expect(checked.searchHint).toMatchObject({ unmatched: ['клетку'], alternatives: [{ query: 'кеды', totalCount: (await search('кеды')).totalCount }] });
    // the offer counts within the listing's filters, and is left out where it would find nothing
    const nike = (await hinted('nike')).items[0].brand;
    const nikeSneakers = (await hinted('кроссовки', { brandIds: [nike.id] })).totalCount;
    expect((await hinted('кроссовки gucci', { brandIds: [nike.id] })).searchHint.alternatives).toEqual([{ query: 'кроссовки', without: ['gucci'], totalCount: nikeSneakers, title: null }]);
    // nothing known at all: said, no query offered, the catalogue's sections to browse; an expression is not read by its digits
    expect((await hinted('платье')).searchHint).toEqual({ unmatched: ['платье'], article: null, alternatives: [], categories: [{ name: 'Обувь' }, { name: 'Одежда' }] });
    expect(await hinted("' OR 1=1 --")).toMatchObject({ totalCount: 0, searchHint: { unmatched: ['1=1'], alternatives: [] } });
    // something found: no hint
    expect((await hinted('кроссовки')).searchHint).toBeNull();
  });

  it('says an article that is not in the catalogue is not, and offers the nearest articles', async () => {
    // two digits of DD1391-100 swapped: it used to answer with T-shirts by the «100» of «100% хлопок»
    const r = await hinted('DD1319-100');
    expect(r.totalCount).toBe(0);
    expect(r.searchHint.article).toBe('dd1319-100');
    expect(r.searchHint.alternatives[0]).toEqual({ query: 'DD1391-100', without: ['dd1319-100'], totalCount: 1, title: 'Кроссовки Nike Dunk Low' });
    for (const alternative of r.searchHint.alternatives) expect((await search(alternative.query)).totalCount, alternative.query).toBe(1);
    // far from every article: said, nothing offered
    expect((await hinted('ZZ9999-999')).searchHint).toMatchObject({ unmatched: [], article: 'zz9999-999', alternatives: [] });
  });

  it('offers a query that finds nothing as a whole without one word at a time, each with its count', async () => {
    const r = await hinted('черные кроссовки найк 42');
    expect(r.totalCount).toBe(0);
    expect(r.searchHint.unmatched).toEqual([]);
    expect(r.searchHint.alternatives.length).toBeGreaterThan(0);
    for (const a of r.searchHint.alternatives) {
      expect(a.without).toHaveLength(1);
      expect(a.totalCount, a.query).toBeGreaterThan(0);
      expect((await search(a.query)).totalCount, a.query).toBe(a.totalCount);
    }
  });

  it('reads adjectives of the attributes and finds a model whose name is also a kind of product first', async () => {
    const leather = await search('кожаные кроссовки');
    expect(leather.totalCount).toBeGreaterThan(0);
    for (const p of leather.items) {
      expect(p.mainCategory.name).toBe('Кроссовки');
      expect(p.technicalAttributes.find((a: { name: string }) => a.name === 'material').text).toMatch(/кож/);
    }
    const chelsea = await search('челси');
    expect(chelsea.items.slice(0, 2).map((p: { name: string }) => p.name)).toEqual([expect.stringMatching(/Chelsea/), expect.stringMatching(/Chelsea/)]);
  });

  it('finds кроссовки by the genitive plural кроссовок (morphology)', async () => {
    const exact = await search('кроссовки');
    const genitive = await search('кроссовок');
    const singular = await search('кроссовка');
    expect(exact.totalCount).toBeGreaterThan(10);
    expect(genitive.totalCount).toBe(exact.totalCount);
    expect(singular.totalCount).toBe(exact.totalCount);
    expect(exact.items.every((p: { mainCategory: { name: string } }) => p.mainCategory.name === 'Кроссовки')).toBe(
      true,
    );
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
    const some = (await env().data(`{ products(sort: PRICEUP, limit: 40) { items { id sku offers { sku } } } }`))
      .products.items;
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
    for (const text of [
      "'; DROP TABLE products; --",
      'nike & | ! ( ) :* <->',
      "кроссовки' OR '1'='1",
      `\\x00 %_ $${'{'}}`,
    ]) {
      const res = await env().gql(SEARCH, { search: text, limit: 5 });
      expect(res.errors, text).toBeUndefined();
      expect(res.status).toBe(200);
    }
    const after = await env().data(`{ products(limit: 1) { totalCount } }`);
    expect(after.products.totalCount).toBe(153);
  });

  // search that finds what a shopper typed: misspellings, transliteration, brand and model names

  type Item = {
    id: string;
    name: string;
    sku: string;
    colorName: string;
    sizes: string[];
    brand: { name: string };
    mainCategory: { name: string };
    technicalAttributes: { name: string; text: string | null }[];
  };
  const ids = (r: { items: Item[] }) => r.items.map((p) => p.id).sort();

  it('never «corrects» short and common words into brands: stop words and prepositions are ignored', async () => {
    const sneakers = await search('кроссовки');
    for (const q of ['кроссовки на', 'кроссовки для', 'на кроссовки', 'кроссовки в']) {
      const r = await search(q);
      expect(r.totalCount, q).toBe(sneakers.totalCount);
      expect(r.searchCorrected, q).toBeNull();
      expect(r.searchWords, q).toEqual(['кроссовки']);
    }
    // «на» alone was «найт» (a Nike alias): 20 Nike products and a notice
    const na = await search('на');
    expect(na.searchCorrected).toBeNull();
    expect(
      na.items.some((p: Item) => p.brand.name === 'Nike') && na.items.every((p: Item) => p.brand.name === 'Nike'),
    ).toBe(false);
    // short words are never corrected into anything
    for (const q of ['ну', 'да', 'ок']) expect((await search(q)).searchCorrected, q).toBeNull();
  });

  it('reads a size in the query as a size filter: «кроссовки 42», «кроссовки 42 размер», «худи xl»', async () => {
    const FILTERED = `query($s: [String!]!, $c: [ID!]) { products(filter: { categoryIds: $c, properties: [{ propertyId: "size", values: $s }] }, limit: 1) { totalCount } }`;
    const cats = (await env().data(`{ categories { id name } }`)).categories as { id: string; name: string }[];
    const catId = (name: string) => cats.find((c) => c.name === name)?.id as string;
    const expected = (await env().data(FILTERED, { s: ['42'], c: [catId('Кроссовки')] })).products.totalCount;
    expect(expected).toBeGreaterThan(0);
    for (const q of ['кроссовки 42', 'кроссовки 42 размер', 'кроссовки размер 42', '42 кроссовки']) {
      const r = await search(q);
      expect(r.totalCount, q).toBe(expected);
      for (const p of r.items) expect(p.sizes, q).toContain('42');
      expect(r.searchCorrected, q).toBeNull();
    }
    const xl = await search('худи xl');
    expect(xl.totalCount).toBe((await env().data(FILTERED, { s: ['XL'], c: [catId('Худи')] })).products.totalCount);
    // a number that is a model's name still finds the model (Pegasus 41)
    const pegasus = await search('pegasus 41');
    expect(pegasus.items[0].name).toMatch(/Pegasus 41/);
    // the facets count the same products as the listing
    const facets = await env().data(`{ productFilters(scope: { search: "кроссовки 42" }) { totalCount } }`);
    expect(facets.productFilters.totalCount).toBe(expected);
  });

  it('reads a price in the query like the price filter: «кроссовки до 15 000 ₽», «худи от 10к»', async () => {
    const PRICED = `query($q: String, $to: Int, $from: Int) { products(scope: { search: $q }, filter: { priceTo: $to, priceFrom: $from }, limit: 1) { totalCount } }`;
    const upTo = (await env().data(PRICED, { q: 'кроссовки', to: 15000 })).products.totalCount;
    expect(upTo).toBeGreaterThan(0);
    for (const q of [
      'кроссовки до 15000',
      'кроссовки до 15 000 ₽',
      'кроссовки дешевле 15к',
      'кроссовки до 15 тыс руб',
    ]) {
      const r = await search(q);
      expect(r.totalCount, q).toBe(upTo);
      expect(r.searchCorrected, q).toBeNull();
    }
    const from = await search('худи от 10к');
    expect(from.totalCount).toBe((await env().data(PRICED, { q: 'худи', from: 10000 })).products.totalCount);
  });

  it('finds phrases through the catalogue’s purposes and synonyms', async () => {
    const purpose = (p: Item) => p.technicalAttributes.find((a) => a.name === 'purpose')?.text ?? '';
    for (const q of ['кроссовки для бега', 'беговые кроссовки', 'беговые', 'running']) {
      const r = await search(q);
      expect(r.totalCount, q).toBeGreaterThan(2);
      for (const p of r.items) expect(purpose(p), `${q}: ${p.name}`).toMatch(/бег/);
    }
    for (const q of ['зимние ботинки', 'ботинки на зиму']) {
      const r = await search(q);
      expect(r.totalCount, q).toBeGreaterThan(2);
      for (const p of r.items) expect(p.mainCategory.name, q).toBe('Ботинки');
      expect(r.searchCorrected, q).toBeNull();
    }
    expect(ids(await search('толстовка'))).toEqual(ids(await search('худи')));
    expect((await search('для фитнеса')).totalCount).toBeGreaterThan(0);
    // words of one facet are alternatives
    const both = await search('кроссовки и кеды');
    expect(both.totalCount).toBe((await search('кроссовки')).totalCount + (await search('кеды')).totalCount);
    const brands = await search('nike adidas');
    expect(brands.totalCount).toBe((await search('nike')).totalCount + (await search('adidas')).totalCount);
  });

  it('corrects Latin typos and reads Cyrillic model names', async () => {
    for (const [q, brand] of [
      ['nkie', 'Nike'],
      ['adidsa', 'Adidas'],
      ['adiads', 'Adidas'],
      ['salomn', 'Salomon'],
    ] as const) {
      const r = await search(q);
      expect(r.totalCount, q).toBe((await search(brand.toLowerCase())).totalCount);
      expect(r.searchCorrected, q).toBe(brand.toLowerCase());
    }
    for (const [q, model] of [
      ['данк', /Dunk/],
      ['данк лоу', /Dunk Low/],
      ['самба', /Samba/],
      ['эйр макс', /Air Max/],
      ['аир макс', /Air Max/],
      ['олд скул', /Old Skool/],
      ['гель каяно', /Gel-Kayano/],
      ['джордан 1', /Air Jordan 1 /],
    ] as const) {
      const r = await search(q);
      expect(r.totalCount, q).toBeGreaterThan(0);
      for (const p of r.items) expect(p.name, q).toMatch(model);
      expect(r.searchCorrected, q).toBeNull();
    }
    // look-alike letters mixed (a Cyrillic е in «nikе») and words run together
    expect((await search('nikе')).totalCount).toBe((await search('nike')).totalCount);
    const glued = await search('nikeкроссовки');
    expect(glued.totalCount).toBeGreaterThan(0);
    for (const p of glued.items) expect([p.brand.name, p.mainCategory.name]).toEqual(['Nike', 'Кроссовки']);
  });

  it('finds an article with a space, without the dash, among other words and inside a pasted link', async () => {
    const all = (
      await env().data(
        `{ products(sort: PRICEUP, limit: 40) { items { id sku brand { name } webPath offers { sku } } } }`,
      )
    ).products.items;
    const target = all[21];
    const [code, tail] = target.sku.split('-');
    for (const q of [
      `${code} ${tail}`,
      `${code}${tail}`.toLowerCase(),
      `артикул ${target.sku}`,
      `${target.brand.name} ${target.sku}`,
      `кроссовки ${target.offers[0].sku}`,
      `${target.brand.name}${target.sku}`,
      `https://poizon.example${target.webPath}`,
    ]) {
      const r = await search(q);
      expect(r.items[0]?.id, q).toBe(target.id);
      expect(r.totalCount, q).toBe(1);
      expect(r.searchCorrected, q).toBeNull();
    }
    // the search help's example article is in the catalogue
    const dunk = await search('DD1391-100');
    expect(dunk.totalCount).toBe(1);
    expect(dunk.items[0].name).toBe('Кроссовки Nike Dunk Low');
  });

  it('says the query was changed only when it was, and never on 0 results', async () => {
    for (const q of ['белые кроссовки nike', 'кроссовок', 'кроссовками', 'найк', 'нью баланс 550', 'ботинки на зиму']) {
      const r = await search(q);
      expect(r.totalCount, q).toBeGreaterThan(0);
      expect(r.searchCorrected, q).toBeNull();
    }
    expect((await search('кросовки')).searchCorrected).toBe('кроссовки');
    expect((await search('rhjccjdrb')).searchCorrected).toBe('кроссовки');
    expect((await search('ботики на зиму')).searchCorrected).toBe('ботинки на зиму');
    // a word the catalogue does not have is never left out behind a notice (below)
    expect((await search('кроссовки gucci')).searchCorrected).toBeNull();
    for (const q of [
      "'; DROP TABLE products;--",
      'a+b',
      'zzqxwv',
      'https://www.poizon.com/product/zzqq-xxyy',
      'кроссовки 99',
    ]) {
      const r = await search(q);
      if (r.totalCount === 0) expect(r.searchCorrected, q).toBeNull();
    }
    expect((await search("'; DROP TABLE products;--")).totalCount).toBe(0);
  });
});

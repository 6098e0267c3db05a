// Search relevance: how a shopper phrases a query (phrases, typos, the wrong keyboard layout,
// Cyrillic model names, sizes, articles) against what they expect on top. Each query names the
// products that answer it as a predicate over the catalogue, so the same set holds for any
// generated catalogue. precision@5 of a query = relevant results among the first k, over k, where
// k = min(5, relevant products in the catalogue); it is also reported with a fixed denominator of 5.
// «must» queries must put a relevant product first. Queries the catalogue has no answer for
// («none») must find nothing: anything they show is junk, and the junk rate is reported.
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

interface P {
  id: string;
  name: string;
  sku: string;
  colorName: string;
  sizes: string[];
  minPriceInRUB: number;
  brand: { name: string };
  mainCategory: { name: string };
  offers: { sku: string }[];
  technicalAttributes: { name: string; text: string | null }[];
}

type Rel = (p: P) => boolean;
interface Case {
  q: string | ((all: P[]) => string);
  /** The products that answer it; for a «none» query, what would (none may exist in the catalogue). */
  rel?: Rel | ((all: P[]) => Rel);
  must?: boolean;
  /** The catalogue has no answer: the search must find nothing. */
  none?: boolean;
  kind: string;
}

const cat =
  (name: string): Rel =>
  (p) =>
    p.mainCategory.name === name;
const brand =
  (name: string): Rel =>
  (p) =>
    p.brand.name === name;
const model =
  (re: RegExp): Rel =>
  (p) =>
    re.test(p.name);
const and =
  (...rs: Rel[]): Rel =>
  (p) =>
    rs.every((r) => r(p));
const or =
  (...rs: Rel[]): Rel =>
  (p) =>
    rs.some((r) => r(p));
const color =
  (c: string): Rel =>
  (p) =>
    p.colorName === c;
const size =
  (s: string): Rel =>
  (p) =>
    p.sizes.includes(s);
const upTo =
  (rub: number): Rel =>
  (p) =>
    p.minPriceInRUB <= rub;
const from =
  (rub: number): Rel =>
  (p) =>
    p.minPriceInRUB >= rub;
const material =
  (stem: string): Rel =>
  (p) =>
    p.technicalAttributes.some((a) => a.name === 'material' && (a.text ?? '').toLowerCase().includes(stem));
// running models of the catalogue (what a shop assistant would bring for «для бега»)
const running = model(
  /Pegasus|Vomero|Ultraboost|Gel-Kayano|Gel-Nimbus|GT-2160|Speedcross|C202 GT|Essence 2\.3|990v6|XT-Whisper|Soft Go/,
);
// an article of the catalogue: the first product by id (a stable pick on any generated catalogue)
const first = (all: P[]) => all[0] as P;
const isFirst =
  (all: P[]): Rel =>
  (p) =>
    p.id === first(all).id;
/** The first product's article with two neighbouring digits swapped: an article no product has. */
export const mistypedArticle = (all: P[]) => {
  const sku = first(all).sku;
  const skus = new Set(all.map((p) => p.sku.toLowerCase()));
  for (let i = 0; i + 1 < sku.length; i++) {
    const [a, b] = [sku[i] as string, sku[i + 1] as string];
    if (!/\d/.test(a) || !/\d/.test(b) || a === b) continue;
    const typo = sku.slice(0, i) + b + a + sku.slice(i + 2);
    if (!skus.has(typo.toLowerCase())) return typo;
  }
  throw new Error(`no digits to swap in ${sku}`);
};

export const CASES: Case[] = [
  // categories and their word forms
  { kind: 'category', q: 'кроссовки', rel: cat('Кроссовки'), must: true },
  { kind: 'category', q: 'кроссовок', rel: cat('Кроссовки'), must: true },
  { kind: 'category', q: 'кеды', rel: cat('Кеды'), must: true },
  { kind: 'category', q: 'ботинки', rel: cat('Ботинки'), must: true },
  { kind: 'category', q: 'худи', rel: cat('Худи'), must: true },
  { kind: 'category', q: 'футболки', rel: cat('Футболки'), must: true },
  { kind: 'category', q: 'куртка', rel: cat('Куртки'), must: true },
  { kind: 'synonym', q: 'толстовка', rel: cat('Худи'), must: true },
  { kind: 'synonym', q: 'пуховик', rel: cat('Куртки') },
  { kind: 'synonym', q: 'кроссы', rel: cat('Кроссовки'), must: true },
  { kind: 'synonym', q: 'кроссовки и кеды', rel: or(cat('Кроссовки'), cat('Кеды')), must: true },
  // brands, Latin and Cyrillic, with typos
  { kind: 'brand', q: 'nike', rel: brand('Nike'), must: true },
  { kind: 'brand', q: 'найк', rel: brand('Nike'), must: true },
  { kind: 'brand', q: 'адидас', rel: brand('Adidas'), must: true },
  { kind: 'brand', q: 'new balance', rel: brand('New Balance'), must: true },
  { kind: 'brand', q: 'нью баланс', rel: brand('New Balance'), must: true },
  { kind: 'brand', q: 'джордан', rel: brand('Jordan'), must: true },
  { kind: 'brand', q: 'тимберленд', rel: brand('Timberland'), must: true },
  { kind: 'brand', q: 'the north face', rel: brand('The North Face'), must: true },
  { kind: 'typo', q: 'nkie', rel: brand('Nike'), must: true },
  { kind: 'typo', q: 'adidsa', rel: brand('Adidas'), must: true },
  { kind: 'typo', q: 'adiads', rel: brand('Adidas'), must: true },
  { kind: 'typo', q: 'адидс', rel: brand('Adidas'), must: true },
  { kind: 'typo', q: 'адидос', rel: brand('Adidas'), must: true },
  { kind: 'typo', q: 'salomn', rel: brand('Salomon'), must: true },
  { kind: 'typo', q: 'кросовки', rel: cat('Кроссовки'), must: true },
  { kind: 'typo', q: 'ботики', rel: cat('Ботинки') },
  { kind: 'typo', q: 'nb 550', rel: model(/New Balance 550/), must: true },
  { kind: 'typo', q: 'нб 550', rel: model(/New Balance 550/), must: true },
  // the wrong keyboard layout
  { kind: 'layout', q: 'rhjccjdrb', rel: cat('Кроссовки'), must: true },
  { kind: 'layout', q: ',jnbyrb', rel: cat('Ботинки'), must: true },
  { kind: 'layout', q: 'yfqr', rel: brand('Nike'), must: true },
  { kind: 'layout', q: 'тшлу', rel: brand('Nike'), must: true },
  { kind: 'layout', q: 'фвшвфы', rel: brand('Adidas'), must: true },
  { kind: 'layout', q: 'rhjccjdrb yfqr', rel: and(cat('Кроссовки'), brand('Nike')), must: true },
  { kind: 'layout', q: '[elb', rel: cat('Худи'), must: true },
  // model names, Latin and Cyrillic
  { kind: 'model', q: 'air max', rel: model(/Air Max/), must: true },
  { kind: 'model', q: 'nike air max 90', rel: model(/Air Max 90/), must: true },
  { kind: 'model', q: 'dunk low', rel: model(/Dunk Low/), must: true },
  { kind: 'model', q: 'air force 1', rel: model(/Air Force 1/), must: true },
  { kind: 'model', q: 'samba', rel: model(/Samba/), must: true },
  { kind: 'model', q: 'chuck 70', rel: model(/Chuck 70/), must: true },
  { kind: 'cyrillic model', q: 'данк', rel: model(/Dunk/), must: true },
  { kind: 'cyrillic model', q: 'данк лоу', rel: model(/Dunk Low/), must: true },
  { kind: 'cyrillic model', q: 'самба', rel: model(/Samba/), must: true },
  { kind: 'cyrillic model', q: 'эйр макс', rel: model(/Air Max/), must: true },
  { kind: 'cyrillic model', q: 'аир макс 90', rel: model(/Air Max 90/), must: true },
  { kind: 'cyrillic model', q: 'олд скул', rel: model(/Old Skool/), must: true },
  { kind: 'cyrillic model', q: 'гель каяно', rel: model(/Gel-Kayano/), must: true },
  { kind: 'cyrillic model', q: 'джордан 1', rel: model(/Air Jordan 1 /), must: true },
  { kind: 'cyrillic model', q: 'нупси', rel: model(/Nuptse/) },
  // shopper phrasings: purpose, season, stop words
  { kind: 'phrase', q: 'кроссовки на', rel: cat('Кроссовки'), must: true },
  { kind: 'phrase', q: 'кроссовки для бега', rel: and(cat('Кроссовки'), running), must: true },
  { kind: 'phrase', q: 'беговые кроссовки', rel: and(cat('Кроссовки'), running), must: true },
  { kind: 'phrase', q: 'беговые', rel: running, must: true },
  { kind: 'phrase', q: 'running', rel: running, must: true },
  { kind: 'phrase', q: 'зимние ботинки', rel: cat('Ботинки'), must: true },
  { kind: 'phrase', q: 'ботинки на зиму', rel: cat('Ботинки'), must: true },
  { kind: 'phrase', q: 'белые кроссовки', rel: and(cat('Кроссовки'), color('белый')), must: true },
  { kind: 'phrase', q: 'белые кроссовки nike', rel: and(cat('Кроссовки'), color('белый'), brand('Nike')), must: true },
  { kind: 'phrase', q: 'синие кеды', rel: and(cat('Кеды'), color('синий')) },
  { kind: 'phrase', q: 'мужские кроссовки adidas', rel: and(cat('Кроссовки'), brand('Adidas')) },
  { kind: 'phrase', q: 'ботинки timberland', rel: and(cat('Ботинки'), brand('Timberland')), must: true },
  { kind: 'phrase', q: 'куртка the north face', rel: and(cat('Куртки'), brand('The North Face')), must: true },
  { kind: 'phrase', q: 'худи stone island', rel: and(cat('Худи'), brand('Stone Island')), must: true },
  { kind: 'phrase', q: 'футболка carhartt', rel: and(cat('Футболки'), brand('Carhartt WIP')), must: true },
  // prices in the query
  { kind: 'price', q: 'кроссовки до 15000', rel: and(cat('Кроссовки'), upTo(15000)), must: true },
  { kind: 'price', q: 'кеды до 10 000 ₽', rel: and(cat('Кеды'), upTo(10000)), must: true },
  { kind: 'price', q: 'куртка от 30000 рублей', rel: and(cat('Куртки'), from(30000)), must: true },
  { kind: 'price', q: 'худи дешевле 10к', rel: and(cat('Худи'), upTo(10000)), must: true },
  // sizes in the query
  { kind: 'size', q: 'кроссовки 42', rel: and(cat('Кроссовки'), size('42')), must: true },
  { kind: 'size', q: 'кроссовки 42 размер', rel: and(cat('Кроссовки'), size('42')), must: true },
  { kind: 'size', q: 'кроссовки nike 43', rel: and(cat('Кроссовки'), brand('Nike'), size('43')), must: true },
  { kind: 'size', q: 'худи xl', rel: and(cat('Худи'), size('XL')), must: true },
  // articles (sku): exact, in other case, without the dash, with a space, among other words, an offer's
  { kind: 'article', q: (all) => first(all).sku, rel: isFirst, must: true },
  { kind: 'article', q: (all) => first(all).sku.toLowerCase().replace('-', ''), rel: isFirst, must: true },
  { kind: 'article', q: (all) => first(all).sku.replace('-', ' '), rel: isFirst, must: true },
  { kind: 'article', q: (all) => `артикул ${first(all).sku}`, rel: isFirst, must: true },
  { kind: 'article', q: (all) => `${first(all).brand.name} ${first(all).sku}`, rel: isFirst, must: true },
  { kind: 'article', q: (all) => (first(all).offers[0] as { sku: string }).sku, rel: isFirst, must: true },
  // words read from the product's attributes, and model names that are also kinds of product
  { kind: 'attribute', q: 'кожаные кроссовки', rel: and(cat('Кроссовки'), material('кож')), must: true },
  { kind: 'attribute', q: 'хлопковая футболка', rel: and(cat('Футболки'), material('хлоп')), must: true },
  { kind: 'model', q: 'челси', rel: model(/Chelsea/), must: true },
  { kind: 'model', q: 'ботинки челси', rel: model(/Chelsea/), must: true },
  { kind: 'model', q: 'кеды высокие', rel: and(cat('Кеды'), model(/\bHi\b/)), must: true },
  // what the shop has no answer for: the search must find nothing (and say why, search.test.ts)
  { kind: 'none', q: 'кроссовки детские', none: true },
  { kind: 'none', q: 'кроссовки на липучке', none: true },
  { kind: 'none', q: 'ботинки на меху', none: true },
  { kind: 'none', q: 'кеды в клетку', none: true },
  { kind: 'none', q: 'худи оверсайз', none: true },
  { kind: 'none', q: 'толстовки с капюшоном', none: true },
  { kind: 'none', q: 'черные кроссовки найк 42', rel: and(cat('Кроссовки'), brand('Nike'), color('черный'), size('42')), none: true },
  { kind: 'none', q: 'худи до 5000', rel: and(cat('Худи'), upTo(5000)), none: true },
  { kind: 'none', q: mistypedArticle, none: true },
  { kind: 'none', q: 'платье', none: true },
  { kind: 'none', q: 'сумка', none: true },
  { kind: 'none', q: 'носки', none: true },
  { kind: 'none', q: 'зонт', none: true },
  { kind: 'none', q: 'айфон 15', none: true },
  { kind: 'none', q: 'qwertyuiop', none: true },
  { kind: 'none', q: "' OR 1=1 --", none: true },
  { kind: 'none', q: 'на', none: true },
  { kind: 'none', q: 'для', none: true },
  { kind: 'none', q: 'x'.repeat(200), none: true },
];

const ALL = /* GraphQL */ `
  query All($offset: Int) {
    products(limit: 100, offset: $offset) {
      totalCount items { id name sku colorName sizes minPriceInRUB brand { name } mainCategory { name } offers { sku } technicalAttributes { name text } }
    }
  }`;

const SEARCH = /* GraphQL */ `
  query Search($search: String) {
    products(scope: { search: $search }, sort: CONDITION, limit: 5) { totalCount items { id } }
  }`;

/**
 * The whole set against one API: per answerable query precision@5 (k = min(5, relevant) and
 * k = 5) and whether the first result is relevant; per «none» query whether it showed anything.
 */
export async function measure(data: (q: string, v?: Record<string, unknown>) => Promise<any>) {
  const all: P[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await data(ALL, { offset })).products;
    all.push(...page.items);
    if (all.length >= page.totalCount) break;
  }
  all.sort((a, b) => Number(a.id) - Number(b.id));
  const results = [];
  const junk = [];
  for (const c of CASES) {
    const q = typeof c.q === 'function' ? c.q(all) : c.q;
    const rel = (c.rel && c.rel.length === 1 && typeof c.q === 'function' ? (c.rel as (a: P[]) => Rel)(all) : c.rel) as Rel | undefined;
    const relevant = new Set(rel ? all.filter((p) => rel(p)).map((p) => p.id) : []);
    const found = (await data(SEARCH, { search: q })).products;
    const top: string[] = found.items.map((p: { id: string }) => p.id);
    if (c.none) {
      if (relevant.size) throw new Error(`«${q}» has an answer in this catalogue: the test set is wrong`);
      junk.push({ q, shown: found.totalCount as number });
      continue;
    }
    if (!relevant.size) throw new Error(`no product answers «${q}» in this catalogue: the test set is wrong`);
    const k = Math.min(5, relevant.size);
    const hits = top.slice(0, k).filter((id) => relevant.has(id)).length;
    results.push({
      q,
      kind: c.kind,
      must: !!c.must,
      p5: hits / k,
      p5of5: top.slice(0, 5).filter((id) => relevant.has(id)).length / 5,
      top: top.join(','),
      firstHit: top.length > 0 && relevant.has(top[0] as string),
    });
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return {
    precision: mean(results.map((r) => r.p5)),
    precisionOf5: mean(results.map((r) => r.p5of5)),
    firstHits: mean(results.map((r) => (r.firstHit ? 1 : 0))),
    junkRate: mean(junk.map((j) => (j.shown > 0 ? 1 : 0))),
    results,
    junk,
  };
}

const runs = new Map<string, { q: string; top: string }[]>();

describeDrivers('search relevance', (env, driver) => {
  it(`has precision@5 ≥ 0.9 over ${CASES.filter((c) => !c.none).length} shopper queries, every must-hit query hits, and no junk for ${CASES.filter((c) => c.none).length} without an answer`, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    const m = await measure((q, v) => env().data(q, v));
    runs.set(driver, [...m.results, ...m.junk.map((j) => ({ q: j.q, top: String(j.shown) }))]);
    const misses = m.results
      .filter((r) => r.p5 < 1)
      .map((r) => `${r.q} (${r.kind}): ${r.p5.toFixed(2)}${r.firstHit ? '' : ', first miss'}`);
    const junk = m.junk.filter((j) => j.shown > 0).map((j) => `${j.q.slice(0, 40)}: ${j.shown}`);
    console.log(
      `[search relevance ${driver}] precision@5 = ${m.precision.toFixed(3)} (k = min(5, relevant)), ${m.precisionOf5.toFixed(3)} (k = 5), first result relevant ${(m.firstHits * 100).toFixed(1)} % over ${m.results.length} queries; junk ${(m.junkRate * 100).toFixed(1)} % over ${m.junk.length} without an answer; below 1: ${misses.join('; ') || 'none'}; junk: ${junk.join('; ') || 'none'}`,
    );
    expect(m.results.filter((r) => r.must && !r.firstHit).map((r) => r.q)).toEqual([]);
    expect(junk).toEqual([]);
    expect(m.precision).toBeGreaterThanOrEqual(0.9);
  });
});

it('gives the same first five results on PGlite and PostgreSQL for every query', () => {
  const [lite, pg] = [runs.get('pglite'), runs.get('postgres')];
  expect(lite && pg).toBeTruthy();
  const differ = (lite ?? []).filter((r, i) => r.top !== pg?.[i]?.top).map((r) => r.q);
  expect(differ).toEqual([]);
});

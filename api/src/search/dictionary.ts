import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { tokenize } from './normalize.ts';

/** Which facet a word names: words of one facet are alternatives («кроссовки кеды», «nike adidas»). */
export type Field = 'brand' | 'category' | 'color' | 'other';

/**
 * The catalogue's own vocabulary, read once per catalogue version: every word of the products'
 * search documents with the number of products using it, which words name a brand, a category or
 * a colour, and the sizes on sale. Typo correction works on it in memory (edit distance catches
 * transpositions such as «nkie», which trigram similarity scores near zero), and it is the same
 * on PGlite and PostgreSQL.
 */
export interface SearchDictionary {
  words: Map<string, number>;
  /** Words without digits, by first letter: the candidates of word forms. */
  byInitial: Map<string, string[]>;
  /** Words without digits, by length: the candidates of typo correction (only lengths within the budget are compared). */
  byLength: Map<number, string[]>;
  brandWords: Set<string>;
  categoryWords: Set<string>;
  colorWords: Set<string>;
  /** Sizes as stored (42, XL). */
  sizes: Set<string>;
  /** The products' articles in lower case: the nearest ones are offered for a mistyped article. */
  skus: string[];
}

export async function loadDictionary(db: Db): Promise<SearchDictionary> {
  const [found, brands, categories, colors, sizes, skus] = await Promise.all([
    rows<{ word: string; n: number }>(
      db,
      sql`SELECT w AS word, count(*)::int AS n
          FROM products p CROSS JOIN LATERAL regexp_split_to_table(p.search_doc, '[^a-z0-9а-я]+') AS w
          WHERE w <> '' AND length(w) <= 40 GROUP BY w`,
    ),
    rows<{ name: string; aliases: string[] | null }>(db, sql`SELECT name, aliases FROM brands`),
    rows<{ name: string }>(db, sql`SELECT name FROM categories`),
    rows<{ c: string }>(db, sql`SELECT DISTINCT color_name AS c FROM products`),
    rows<{ s: string }>(db, sql`SELECT DISTINCT size AS s FROM offers`),
    rows<{ s: string }>(db, sql`SELECT lower(sku) AS s FROM products ORDER BY 1`),
  ]);
  const words = new Map(found.map((r) => [r.word, Number(r.n)]));
  const byInitial = new Map<string, string[]>();
  const byLength = new Map<number, string[]>();
  const add = <K>(map: Map<K, string[]>, key: K, w: string) => {
    const list = map.get(key);
    if (list) list.push(w);
    else map.set(key, [w]);
  };
  for (const w of words.keys()) {
    if (/\d/.test(w) || w.length < 3) continue;
    add(byInitial, w[0] as string, w);
    add(byLength, w.length, w);
  }
  const brandWords = new Set(brands.flatMap((b) => [b.name, ...(b.aliases ?? [])].flatMap(tokenize)));
  return {
    words,
    byInitial,
    byLength,
    brandWords,
    categoryWords: new Set(categories.flatMap((c) => tokenize(c.name))),
    colorWords: new Set(colors.flatMap((c) => tokenize(c.c))),
    sizes: new Set(sizes.map((s) => s.s)),
    skus: skus.map((r) => r.s),
  };
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transposition), or `max + 1` as
 * soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2: number[] = new Array(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j] as number;
    prev = cur;
  }
  return prev[b.length] as number;
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * Two forms of one Russian word (белые / белый, кроссовок / кроссовки, зиму / зимы): a shared
 * stem and short endings. Such a match is understanding, not a correction.
 */
export function sameWordForms(a: string, b: string): boolean {
  if (!/^[а-я]+$/.test(a) || !/^[а-я]+$/.test(b) || a === b) return false;
  const p = commonPrefix(a, b);
  if (p >= 5) return a.length - p <= 4 && b.length - p <= 3;
  // a short stem: only endings may differ («белые / белый», «зиму / зимы»), not a letter of the
  // stem («ботики» is a typo of «ботинки»)
  const endings = (rest: string) => /^[аеиоуыэюяйьмхвг]*$/.test(rest);
  const [ra, rb] = [a.slice(p), b.slice(p)];
  return p >= 3 && ra.length <= (p >= 4 ? 4 : 2) && rb.length <= (p >= 4 ? 3 : 2) && endings(ra) && endings(rb);
}

/** Catalogue words that are other forms of `word`, most used first. */
export function wordForms(dict: SearchDictionary, word: string): string[] {
  const list = dict.byInitial.get(word[0] as string) ?? [];
  return list
    .filter((w) => sameWordForms(word, w))
    .sort((x, y) => (dict.words.get(y) ?? 0) - (dict.words.get(x) ?? 0) || (x < y ? -1 : 1))
    .slice(0, 3);
}

const ADJECTIVE = /(ые|ый|ая|ое|ой|ий|ие|ых|их|ую|ого|ому|ом|ым|ыми|ей|яя|ее|юю)$/;

/**
 * The catalogue word a Russian adjective is made from («кожаные» ← кожа, «замшевые» ← замша,
 * «хлопковая» ← хлопок, «текстильные» ← текстиль), most used first, or undefined: the word
 * starts with the noun (or its stem without a final vowel, «ок» or «ь») of at least four letters.
 */
export function derivedFrom(dict: SearchDictionary, word: string): string | undefined {
  if (!/^[а-я]{6,}$/.test(word) || !ADJECTIVE.test(word)) return undefined;
  const found = (dict.byInitial.get(word[0] as string) ?? []).filter((w) => {
    if (w === word || !/^[а-я]{4,}$/.test(w)) return false;
    const stem = w.replace(/(ок|ек|[аяоеьйыи])$/, '');
    return (word.startsWith(w) || (stem.length >= 4 && word.startsWith(stem))) && word.length - stem.length <= 7;
  });
  return found.sort((x, y) => (dict.words.get(y) ?? 0) - (dict.words.get(x) ?? 0) || (x < y ? -1 : 1))[0];
}

/** The nearest catalogue word within the typo budget of the word's length, or undefined. */
export function nearestWord(dict: SearchDictionary, word: string): string | undefined {
  if (/\d/.test(word)) return undefined;
  const budget = word.length <= 3 ? 0 : word.length <= 5 ? 1 : 2;
  if (!budget) return undefined;
  let best: { w: string; d: number; n: number } | undefined;
  for (let len = word.length - budget; len <= word.length + budget; len++) {
    for (const w of dict.byLength.get(len) ?? []) {
      // a short word keeps its first letter; a long one may have lost it
      if (word.length < 6 && w[0] !== word[0]) continue;
      const d = editDistance(word, w, budget);
      if (d > budget) continue;
      const n = dict.words.get(w) ?? 0;
      // ties broken by use, then alphabetically: both drivers list the vocabulary in their own order
      if (!best || d < best.d || (d === best.d && (n > best.n || (n === best.n && w < best.w)))) best = { w, d, n };
    }
  }
  return best?.w;
}

const compact = (sku: string) => sku.replace(/[^a-z0-9]/g, '');

/**
 * The catalogue's articles within two edits (a digit mistyped, two swapped) of `typed`, nearest
 * first, at most `limit`. Compared without dashes, spaces and dots.
 */
export function nearestArticles(dict: SearchDictionary, typed: string, limit = 3): string[] {
  const target = compact(typed);
  if (target.length < 5) return [];
  const budget = target.length >= 8 ? 2 : 1;
  return dict.skus
    .map((sku) => ({ sku, d: editDistance(target, compact(sku), budget) }))
    .filter((c) => c.d <= budget)
    .sort((a, b) => a.d - b.d || (a.sku < b.sku ? -1 : 1))
    .slice(0, limit)
    .map((c) => c.sku);
}

export function fieldOf(dict: SearchDictionary, word: string): Field {
  const near = (set: Set<string>) => set.has(word) || [...set].some((w) => sameWordForms(word, w));
  if (dict.brandWords.has(word)) return 'brand';
  if (near(dict.categoryWords)) return 'category';
  if (near(dict.colorWords)) return 'color';
  return 'other';
}

import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { derivedFrom, type Field, fieldOf, nearestArticles, nearestWord, type SearchDictionary, wordForms } from './dictionary.ts';
import { swapLayout } from './keyboard-layout.ts';
import { cyrillicModel, STOP_WORDS, synonymsOf, transliterate, unmix } from './lexicon.ts';
import { normalizeText } from './normalize.ts';

export interface SearchPlan {
  /**
   * A to_tsquery('russian', …) expression built only from letters and digits: every group of
   * alternatives must match. Null when no word could be searched (then nothing matches).
   */
  tsquery: string | null;
  /** Sizes typed in the query («кроссовки 42»): a product must have one of them in stock (or the number in its name). */
  sizes: { values: string[]; tsquery: string | null } | null;
  /** A price typed in the query («кроссовки до 15 000 ₽», «от 10к»), on the lowest price like the price filter. */
  price: { from?: number; to?: number } | null;
  /** Products whose own sku or an offer's sku the query names: these alone answer it, ranked first. */
  skuProductIds: number[];
  /** The words searched (catalogue words after correction), for the API's `searchWords`. */
  corrected: string[];
  /**
   * What was typed, as searched, when the search changed it (a typo corrected, the other keyboard
   * layout, a word it does not know left out); null when it searched what was typed. Stop words,
   * word forms, synonyms and Cyrillic model names are understanding, not changes.
   */
  changedText: string | null;
  /**
   * Words of the query no product has (as typed), after every reading was tried. Such a query
   * finds nothing: showing the rest of it as if it were the answer would be a query the shopper
   * did not type («кроссовки детские» is not «кроссовки»).
   */
  unmatched: string[];
  /** An article-shaped word that names no article (as typed), or null. */
  article: string | null;
  /** The catalogue's articles nearest to `article` (a digit or two mistyped), nearest first. */
  nearArticles: string[];
  /**
   * Queries to offer when this one finds nothing: without its unmatched words, or (when every
   * word is known but together they find nothing) without one word or condition at a time.
   */
  alternatives: { text: string; without: string[] }[];
}

const MAX_WORDS = 12;

const PRICE =
  /(^|\s)(до|дешевле|не дороже|от|дороже|свыше|больше)\s+(\d{1,3}(?:[\s\u00a0]\d{3})+|\d+(?:[.,]\d+)?)\s*(к|k|тыс\.?|тысяч[аи]?)?\s*(₽|р\.?|руб\.?|рублей|рубля)?(?=\s|$)/g;

/** «до 15 000 ₽», «от 10к», «дешевле 8 тыс»: the bounds, and the text without them. */
function readPrice(text: string): { rest: string; price: { from?: number; to?: number } | null; phrases: string[] } {
  let price: { from?: number; to?: number } | null = null;
  const phrases: string[] = [];
  const rest = text.replace(PRICE, (all, lead: string, word: string, digits: string, thousands?: string) => {
    const value = Math.round(Number(digits.replace(/[\s\u00a0]/g, '').replace(',', '.')) * (thousands ? 1000 : 1));
    if (!Number.isFinite(value) || value < 300 || value > 10_000_000) return all;
    price ??= {};
    if (['до', 'дешевле', 'не дороже'].includes(word)) price.to = value;
    else price.from = value;
    phrases.push(all.trim());
    return lead;
  });
  return { rest, price, phrases };
}

interface Term {
  /** The word as typed. */
  typed: string;
  /** How the word is shown if the query changed. */
  display: string;
  /** tsquery operands (a word, or a word prefix `word:*`). */
  variants: string[];
  field: Field | 'size';
  sizes?: string[];
  changed: boolean;
  /** Corrected as a typo (a guess), rather than read as typed or in the other keyboard layout. */
  typo?: boolean;
}

/**
 * A tsquery operand: the word itself, stemmed by to_tsquery like the documents. Never a prefix
 * (`бел:*` would find «беланс» for «белые»): other forms come from the vocabulary instead.
 */
const operand = (w: string) => w;
const CLOTHING_SIZE = /^(xxs|xs|s|m|l|xl|xxl|xxxl)$/;

/** Words of one chunk: letters and digits, split where Latin meets Cyrillic unless the mix is look-alike letters. */
function splitWords(dict: SearchDictionary, chunk: string): string[] {
  const out: string[] = [];
  for (const piece of chunk.split(/[^a-z0-9а-я]+/)) {
    if (!piece) continue;
    const { latin, cyrillic } = unmix(piece);
    const known = [latin, cyrillic].find((w) => w && (dict.words.has(w) || wordForms(dict, w).length));
    if (known) out.push(known);
    else out.push(...(piece.match(/[a-z0-9]+|[а-я0-9]+/g) ?? []));
  }
  return out;
}

/**
 * A word the catalogue knows as it is, in another form, as a synonym, as a Cyrillic model name or
 * as the adjective of a catalogue word («кожаные» ← кожа); no corrections.
 */
function understand(dict: SearchDictionary, w: string): Omit<Term, 'typed' | 'display' | 'changed'> | null {
  // only the meanings the catalogue has: a synonym of nothing on sale must not hide the word
  const syn = synonymsOf(w)?.filter((t) => dict.words.has(t));
  const meanings = syn?.length ? syn : undefined;
  // an adjective finds the noun it is made of as well («хлопковая» finds «хлопок» beside «хлопковый»)
  const base = derivedFrom(dict, w);
  const made = base ? [base] : [];
  if (dict.words.has(w)) {
    return { variants: [operand(w), ...(meanings ?? []).map(operand), ...made], field: fieldOf(dict, meanings?.[0] ?? w) };
  }
  // a model name that is also a kind of product («челси»): the model first, the kind as well
  const model = cyrillicModel(w);
  if (model && dict.words.has(model))
    return { variants: [operand(model), ...(meanings ?? []).map(operand)], field: fieldOf(dict, model) };
  // a word the catalogue lacks is searched only as what it means («running» must not find «Run Star Hike»)
  if (meanings) return { variants: meanings.map(operand), field: fieldOf(dict, meanings[0] as string) };
  const forms = wordForms(dict, w);
  if (forms.length) return { variants: [operand(w), ...forms.map(operand), ...made], field: fieldOf(dict, forms[0] as string) };
  for (const t of transliterate(w)) {
    if (dict.words.has(t)) return { variants: [operand(t)], field: fieldOf(dict, t) };
  }
  if (base) return { variants: [operand(base), ...wordForms(dict, base).map(operand)], field: 'other' };
  return null;
}

function resolve(dict: SearchDictionary, w: string, layout: string | null): Omit<Term, 'typed'> | null {
  const sizeMatch =
    /^(\d{2}(?:[.,]5)?)(?:р|рр|й|го|eu)?$/.exec(w) ?? (CLOTHING_SIZE.test(w) ? [w, w.toUpperCase()] : null);
  const size = sizeMatch ? (sizeMatch[1] as string).replace(',', '.') : null;
  if (size && dict.sizes.has(size)) {
    // a model may carry the number too (Pegasus 41): the number in the name answers as well
    return {
      display: w,
      variants: dict.words.has(size.toLowerCase()) ? [size.toLowerCase()] : [],
      field: 'size',
      sizes: [size],
      changed: false,
    };
  }
  if (/^\d+$/.test(w)) return dict.words.has(w) ? { display: w, variants: [w], field: 'other', changed: false } : null;
  const own = understand(dict, w);
  if (own) return { ...own, display: w, changed: false };
  if (layout && !/\d/.test(layout)) {
    const swapped = understand(dict, layout);
    if (swapped) return { ...swapped, display: layout, changed: true };
  }
  const typo = nearestWord(dict, w);
  if (typo) return { variants: [operand(typo)], field: fieldOf(dict, typo), display: typo, changed: true, typo: true };
  for (const t of transliterate(w)) {
    const near = t.length >= 4 ? nearestWord(dict, t) : undefined;
    if (near) return { variants: [operand(near)], field: fieldOf(dict, near), display: w, changed: false, typo: true };
  }
  if (layout) {
    const near = nearestWord(dict, layout);
    if (near) return { variants: [operand(near)], field: fieldOf(dict, near), display: near, changed: true, typo: true };
  }
  return null;
}

/** Article numbers a query may name: as typed, with its space or dash restored, inside other words. */
function skuCandidates(text: string): string[] {
  const out = new Set<string>();
  const whole = text.trim();
  if (/^[a-z0-9][a-z0-9\-_.]{2,60}$/.test(whole)) out.add(whole);
  const chunks = text.split(/\s+/).filter(Boolean);
  chunks.forEach((chunk, i) => {
    // a code glued to a word («jordanfq5357-541»): each tail of up to five letters before the digits
    const codes = (chunk.match(/[a-z]+\d[a-z0-9\-_.]*/g) ?? []).flatMap((raw) => {
      const letters = (/^[a-z]+/.exec(raw) as RegExpExecArray)[0];
      const from = Math.max(0, letters.length - 5);
      return Array.from({ length: letters.length - from }, (_, k) => raw.slice(from + k));
    });
    for (const m of codes) {
      out.add(m);
      const next = chunks[i + 1];
      const after = chunks[i + 2];
      if (next && /^\d{2,4}$/.test(next)) {
        out.add(`${m}-${next}`);
        if (after && /^[a-z0-9]{1,4}$/.test(after)) out.add(`${m}-${next}-${after}`);
      }
      const glued = /^([a-z]{1,5})(\d{5,12})$/.exec(m);
      if (glued) {
        const [, letters, digits] = glued as unknown as [string, string, string];
        for (let cut = 3; cut <= digits.length - 2; cut++)
          out.add(`${letters}${digits.slice(0, cut)}-${digits.slice(cut)}`);
      }
    }
  });
  return [...out].filter((c) => c.length >= 4).slice(0, 200);
}

/**
 * Reads a shopper's query against the catalogue's vocabulary: articles first (they alone answer),
 * then word by word: stop words and prepositions are dropped, sizes become a size condition,
 * known words, their forms, synonyms, Cyrillic model names and adjectives of catalogue words are
 * searched as they are, and only then a typo is corrected (edit distance within a budget that
 * grows with the word's length; never for words of one to three letters) or the other keyboard
 * layout tried. Words naming the same facet (two brands, two categories, two colours) are
 * alternatives; everything else must match. A word still unknown is never left out silently: the
 * query then finds nothing, and the plan says which word and offers the query without it.
 */
export async function planSearch(
  db: Db,
  term: string,
  dictionary: () => Promise<SearchDictionary>,
): Promise<SearchPlan> {
  const text = normalizeText(term).slice(0, 200);
  const byArticle = await planByArticle(db, text);
  if (byArticle) return byArticle;
  const dict = await dictionary();
  const { rest, price, phrases } = readPrice(text);
  const read = readWords(dict, rest);
  const { terms } = read;
  const { tsquery, sizePart } = combineTerms(terms);
  const unmatched = read.article ? [read.article, ...read.unmatched] : read.unmatched;
  const searchable = !unmatched.length && (tsquery !== null || sizePart !== null || price !== null);
  const kept = [...terms.map((t) => t.display), ...phrases];
  return {
    tsquery: searchable ? tsquery : null,
    sizes: searchable ? sizePart : null,
    price: searchable ? price : null,
    skuProductIds: [],
    corrected: terms.map((t) => t.display),
    changedText: read.changed && searchable ? [...read.shown, ...phrases].join(' ') : null,
    unmatched: read.unmatched,
    article: read.article,
    nearArticles: read.article ? nearestArticles(dict, read.article) : [],
    alternatives: unmatched.length
      ? kept.length
        ? [{ text: kept.join(' '), without: unmatched }]
        : []
      : dropOneAtATime(terms, phrases),
  };
}

/** Every word or condition left out in turn (at most four): for a query whose words are all known but find nothing together. */
function dropOneAtATime(terms: Term[], phrases: string[]): SearchPlan['alternatives'] {
  const parts = [...terms.map((t) => t.display), ...phrases];
  if (parts.length < 2) return [];
  return parts.slice(0, 4).map((left, i) => ({ text: parts.filter((_, j) => j !== i).join(' '), without: [left] }));
}

/** An article in the query answers alone: the products and offers with that SKU, or null. */
async function planByArticle(db: Db, text: string): Promise<SearchPlan | null> {
  const candidates = skuCandidates(text);
  if (!candidates.length) return null;
  const hits = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE lower(sku) = ANY(${sql.param(candidates)}::text[])
        UNION SELECT product_id FROM offers WHERE lower(sku) = ANY(${sql.param(candidates)}::text[])`,
  );
  if (!hits.length) return null;
  return {
    tsquery: null,
    sizes: null,
    price: null,
    skuProductIds: hits.map((h) => h.id),
    corrected: candidates.slice(0, 1),
    changedText: null,
    unmatched: [],
    article: null,
    nearArticles: [],
    alternatives: [],
  };
}

/** A chunk that looks like an article: letters and digits mixed, a run of three digits, six characters or more. */
const ARTICLE_SHAPED = /^(?=[a-z0-9\-_.]*[a-z])(?=[a-z0-9\-_.]*\d{3})[a-z0-9][a-z0-9\-_.]{5,}$/;

/** Characters no name, article or word of either keyboard layout has. */
const EXPRESSION = /[=*|\\]/;

interface ReadQuery {
  /** The text as understood, stop words in place. */
  shown: string[];
  terms: Term[];
  /** Whether the text as understood differs from what was typed. */
  changed: boolean;
  /** Words no reading found in the catalogue, as typed. */
  unmatched: string[];
  /** An article-shaped chunk that is not an article of the catalogue, as typed. */
  article: string | null;
}

/** The query word by word. */
function readWords(dict: SearchDictionary, rest: string): ReadQuery {
  const shown: string[] = [];
  let terms: Term[] = [];
  const unmatched: string[] = [];
  let article: string | null = null;
  let changed = false;
  let count = 0;
  for (const chunk of rest.split(/\s+/).filter(Boolean)) {
    const swapped = swapLayout(chunk);
    // an expression, not a word («1=1», «a*b»): its digits or letters alone must not answer
    if (EXPRESSION.test(chunk)) {
      unmatched.push(chunk);
      continue;
    }
    const words = splitWords(dict, chunk);
    if (ARTICLE_SHAPED.test(chunk) && !words.every((w) => dict.words.has(w))) {
      // no article matched it (planByArticle ran first): its pieces («100» of «dd1319-100») must not answer
      article ??= chunk;
      continue;
    }
    const layoutWords = swapped ? splitWords(dict, normalizeText(swapped)) : [];
    const pairWithLayout = words.length === 1 && layoutWords.length === 1;
    for (const w of words) {
      if (++count > MAX_WORDS) break;
      if (STOP_WORDS.has(w)) {
        shown.push(w);
        continue;
      }
      const t = resolve(dict, w, pairWithLayout ? (layoutWords[0] as string) : null);
      if (!t) {
        unmatched.push(w);
        continue;
      }
      if (t.changed) changed = true;
      shown.push(t.display);
      terms.push({ ...t, typed: w });
    }
  }
  // A guessed correction never widens the query: one that lands in a facet the shopper already
  // named as typed (a second category, brand or colour, OR-ed with it) is a word not understood.
  const typedFields = new Set(terms.filter((t) => !t.typo).map((t) => t.field));
  const widening = terms.filter((t) => t.typo && t.field !== 'other' && t.field !== 'size' && typedFields.has(t.field));
  if (widening.length) {
    unmatched.push(...widening.map((t) => t.typed));
    terms = terms.filter((t) => !widening.includes(t));
  }
  return { shown, terms, changed, unmatched, article };
}

// words naming one facet are alternatives: «кроссовки и кеды», «nike adidas», «белые черные»
function combineTerms(terms: Term[]): { tsquery: string | null; sizePart: SearchPlan['sizes'] } {
  const groups: string[][] = [];
  const byField = new Map<Field, string[]>();
  const sizes = new Set<string>();
  const sizeWords = new Set<string>();
  for (const t of terms) {
    if (t.field === 'size') {
      for (const s of t.sizes ?? []) sizes.add(s);
      for (const v of t.variants) sizeWords.add(v);
    } else if (t.field === 'other') groups.push([...new Set(t.variants)]);
    else {
      const group = byField.get(t.field);
      if (group) group.push(...t.variants);
      else {
        const fresh = [...t.variants];
        byField.set(t.field, fresh);
        groups.push(fresh);
      }
    }
  }
  const tsquery = groups.length ? groups.map((g) => `(${[...new Set(g)].join(' | ')})`).join(' & ') : null;
  const sizePart = sizes.size
    ? { values: [...sizes], tsquery: sizeWords.size ? [...sizeWords].join(' | ') : null }
    : null;
  return { tsquery, sizePart };
}

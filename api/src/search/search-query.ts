import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { swapLayout } from './keyboard-layout.ts';
import { tokenize } from './normalize.ts';

export interface SearchPlan {
  /** A to_tsquery('russian', …) expression built only from letters and digits, or null. */
  tsquery: string | null;
  /** Products whose own sku or an offer's sku equals the whole query: ranked first. */
  skuProductIds: number[];
  /** The words actually searched, after correction (shown as «Возможно, вы искали…»). */
  corrected: string[];
}

const MIN_SIMILARITY = 0.3;
const MAX_TOKENS = 8;

/**
 * Russian Snowball stems «кроссовки» and «кроссовок» differently and knows nothing about typos,
 * brand aliases or keyboard layouts, so each query word is first replaced by its nearest word of
 * the catalogue vocabulary (trigram KNN on a GiST index), trying the other keyboard layout too.
 */
export async function planSearch(db: Db, term: string): Promise<SearchPlan> {
  const trimmed = term.trim();
  const skuProductIds: number[] = [];
  if (/^[A-Za-z0-9][A-Za-z0-9\-_.]{2,60}$/.test(trimmed)) {
    const hits = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM products WHERE lower(sku) = ${trimmed.toLowerCase()}
          UNION SELECT product_id FROM offers WHERE lower(sku) = ${trimmed.toLowerCase()}`,
    );
    skuProductIds.push(...hits.map((h) => h.id));
  }
  const raw = trimmed.split(/\s+/).filter(Boolean).slice(0, MAX_TOKENS);
  const tokens: { original: string; candidates: string[] }[] = [];
  for (const chunk of raw) {
    const swapped = swapLayout(chunk);
    const own = tokenize(chunk);
    const other = swapped ? tokenize(swapped) : [];
    if (own.length === 1 && other.length === 1) tokens.push({ original: own[0] as string, candidates: [own[0] as string, other[0] as string] });
    else for (const t of own) tokens.push({ original: t, candidates: [t] });
  }
  if (!tokens.length) return { tsquery: null, skuProductIds, corrected: [] };

  const candidates = [...new Set(tokens.flatMap((t) => t.candidates).filter((c) => !/^\d+$/.test(c)))];
  const best = new Map<string, { word: string; sim: number }>();
  if (candidates.length) {
    const found = await rows<{ cand: string; word: string; sim: number }>(
      db,
      sql`SELECT c.cand, w.word, similarity(w.word, c.cand)::float8 AS sim
          FROM unnest(${sql.param(candidates)}::text[]) AS c(cand)
          CROSS JOIN LATERAL (SELECT word FROM search_words ORDER BY word <-> c.cand LIMIT 1) w`,
    );
    for (const f of found) best.set(f.cand, { word: f.word, sim: Number(f.sim) });
  }
  const parts: string[] = [];
  const corrected: string[] = [];
  for (const t of tokens) {
    let choice: { word: string; sim: number } | undefined;
    for (const c of t.candidates) {
      const b = best.get(c);
      // the typed word wins ties: a real word should not be "corrected" into the other layout
      if (b && b.sim >= MIN_SIMILARITY && (!choice || b.sim > choice.sim)) choice = b;
    }
    const variants = new Set<string>([t.original]);
    if (choice) variants.add(choice.word);
    corrected.push(choice?.word ?? t.original);
    const lexemes = [...variants].map((v) => (v.length >= 3 && !/^\d+$/.test(v) ? `${v}:*` : v));
    parts.push(lexemes.length > 1 ? `(${lexemes.join(' | ')})` : (lexemes[0] as string));
  }
  return { tsquery: parts.join(' & '), skuProductIds, corrected };
}


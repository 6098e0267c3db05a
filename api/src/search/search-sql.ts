import { type SQL, sql } from 'drizzle-orm';
import type { SearchPlan } from './search-query.ts';

const intArray = (ids: number[]) => sql`${sql.param(ids)}::int[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** The products a search plan finds, over `products p`. */
export function searchCondition(plan: SearchPlan): SQL {
  if (plan.skuProductIds.length) return sql`p.id = ANY(${intArray(plan.skuProductIds)})`;
  const parts: SQL[] = [];
  if (plan.tsquery) parts.push(sql`p.search @@ to_tsquery('russian', ${plan.tsquery})`);
  if (plan.sizes) {
    const bySize = sql`p.sizes && ${textArray(plan.sizes.values)}`;
    parts.push(
      plan.sizes.tsquery ? sql`(${bySize} OR p.search @@ to_tsquery('russian', ${plan.sizes.tsquery}))` : bySize,
    );
  }
  if (plan.price?.from !== undefined) parts.push(sql`p.min_price >= ${plan.price.from}`);
  if (plan.price?.to !== undefined) parts.push(sql`p.min_price <= ${plan.price.to}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`false`;
}

/** ORDER BY terms putting the best matches first (named articles, then the weighted text rank). */
export function searchRank(plan: SearchPlan): { first: SQL; rank: SQL } {
  const first = plan.skuProductIds.length ? sql`(p.id = ANY(${intArray(plan.skuProductIds)})) DESC, ` : sql``;
  // ts_rank weighs name and brand (A) over category and purpose (B), colour (C) and descriptions (D)
  const rank = plan.tsquery ? sql`ts_rank(p.search, to_tsquery('russian', ${plan.tsquery})) DESC, ` : sql``;
  return { first, rank };
}

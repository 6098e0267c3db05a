import { type SQL, sql } from 'drizzle-orm';
import type { SearchPlan } from '../search/search-query.ts';
import { searchCondition, searchRank } from '../search/search-sql.ts';

export type ProductType = 'MODEL' | 'OFFER';
export type ProductSort = 'NEWLY' | 'PRICEUP' | 'PRICEDOWN' | 'CONDITION' | 'MODIFIED';

export interface ListingScope {
  categoryId?: number;
  brandId?: number;
  search?: SearchPlan;
}

export interface ListingFilter {
  categoryIds?: number[];
  brandIds?: number[];
  priceFrom?: number;
  priceTo?: number;
  /** Property name → accepted values (OR within a property, AND across properties). */
  properties?: { name: string; values: string[] }[];
  excludeIds?: number[];
  /** Only these elements (the favourites page); an empty list matches nothing. */
  ids?: number[];
}

/** A facet dimension left out of the conditions while counting that dimension's own values. */
export type Omit = 'brand' | 'category' | 'price' | `prop:${string}`;

const intArray = (ids: number[]) => sql`${sql.param(ids)}::int[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * WHERE conditions over `products p` (and `offers o` for offer listings). Model listings filter
 * on the denormalised columns; offer listings put price and size on the offer itself.
 */
export function listingConditions(type: ProductType, scope: ListingScope, filter: ListingFilter, omit?: Omit): SQL[] {
  const where: SQL[] = [];
  if (scope.categoryId !== undefined) where.push(sql`p.category_ids && ${intArray([scope.categoryId])}`);
  if (scope.brandId !== undefined) where.push(sql`p.brand_id = ${scope.brandId}`);
  if (scope.search) where.push(searchCondition(scope.search));
  if (filter.categoryIds?.length && omit !== 'category') where.push(sql`p.category_ids && ${intArray(filter.categoryIds)}`);
  if (filter.brandIds?.length && omit !== 'brand') where.push(sql`p.brand_id = ANY(${intArray(filter.brandIds)})`);
  const price = type === 'OFFER' ? sql`o.price` : sql`p.min_price`;
  if (omit !== 'price') {
    if (filter.priceFrom !== undefined) where.push(sql`${price} >= ${filter.priceFrom}`);
    if (filter.priceTo !== undefined) where.push(sql`${price} <= ${filter.priceTo}`);
  }
  for (const prop of filter.properties ?? []) {
    if (!prop.values.length || omit === `prop:${prop.name}`) continue;
    if (type === 'OFFER' && prop.name === 'size') where.push(sql`(o.size = ANY(${textArray(prop.values)}) AND o.stock > 0)`);
    else where.push(sql`p.props && ${textArray(prop.values.map((v) => `${prop.name}:${v}`))}`);
  }
  if (filter.ids) where.push(type === 'OFFER' ? sql`o.id = ANY(${intArray(filter.ids)})` : sql`p.id = ANY(${intArray(filter.ids)})`);
  if (filter.excludeIds?.length) {
    where.push(type === 'OFFER' ? sql`NOT (o.id = ANY(${intArray(filter.excludeIds)}))` : sql`NOT (p.id = ANY(${intArray(filter.excludeIds)}))`);
  }
  return where;
}

export function whereClause(conditions: SQL[]): SQL {
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * The listing's order: exactly the sort the shopper chose, with the element id as the last key so
 * pages never overlap or skip (the same on PGlite and PostgreSQL). Sold-out products are not moved
 * to the end: in a price sort that broke the order across pages (a 79 990 ₽ item followed by
 * 8 990 ₽ ones on the last page). They stay in place and the card marks them «Нет в наличии».
 */
export function orderClause(type: ProductType, sort: ProductSort, search?: SearchPlan): SQL {
  const price = type === 'OFFER' ? sql`o.price` : sql`p.min_price`;
  const id = type === 'OFFER' ? sql`o.id` : sql`p.id`;
  switch (sort) {
    case 'PRICEUP':
      return sql`ORDER BY ${price} ASC, ${id} ASC`;
    case 'PRICEDOWN':
      return sql`ORDER BY ${price} DESC, ${id} ASC`;
    case 'MODIFIED':
      return sql`ORDER BY p.modified_at DESC, ${id} DESC`;
    case 'CONDITION':
      if (search) {
        const { first, rank } = searchRank(search);
        return sql`ORDER BY ${first}${rank}p.created_at DESC, ${id} DESC`;
      }
      return sql`ORDER BY p.created_at DESC, ${id} DESC`;
    default:
      return sql`ORDER BY p.created_at DESC, ${id} DESC`;
  }
}

import type { ListingFilter, ListingScope, ProductSort, ProductType } from '../repo/listing-filter.ts';
import type { BrandRow, CategoryRow, ModelRow, ProductRow, VariantRow } from '../repo/rows.ts';
import { optionalId, pageArgs, parseId, parseIds, price, text } from './args.ts';
import type { ApiContext } from './context.ts';
import { badInput } from './errors.ts';
import { iso, toImage } from './mappers.ts';
import type { ListingScopeInput, ProductFilterInput, Resolvers, TechnicalAttribute, Variant } from './resolvers-types.generated.ts';

async function toScope(ctx: ApiContext, input: ListingScopeInput | null | undefined): Promise<ListingScope> {
  const scope: ListingScope = {
    categoryId: optionalId(input?.categoryId, 'scope.categoryId'),
    brandId: optionalId(input?.brandId, 'scope.brandId'),
  };
  const term = text(input?.search, 'scope.search', 200)?.trim();
  if (term) scope.search = await ctx.catalog.search(term);
  return scope;
}

async function toFilter(ctx: ApiContext, input: ProductFilterInput | null | undefined): Promise<ListingFilter> {
  const filter: ListingFilter = {
    categoryIds: parseIds(input?.categoryIds, 'filter.categoryIds'),
    brandIds: parseIds(input?.brandIds, 'filter.brandIds'),
    priceFrom: price(input?.priceFrom, 'filter.priceFrom'),
    priceTo: price(input?.priceTo, 'filter.priceTo'),
    excludeIds: parseIds(input?.excludeIds, 'filter.excludeIds', 1000),
    ids: parseIds(input?.ids, 'filter.ids'),
  };
  if (input?.properties?.length) {
    if (input.properties.length > 20) throw badInput('filter.properties', 'filter.properties: не больше 20 свойств');
    const known = await ctx.catalog.properties();
    filter.properties = input.properties.map((p) => {
      const prop = known.find((k) => String(k.id) === p.propertyId || k.name === p.propertyId);
      if (!prop) throw badInput('filter.properties', `Неизвестное свойство «${p.propertyId.slice(0, 40)}»`);
      if (p.values.length > 100) throw badInput('filter.properties', 'Не больше 100 значений свойства');
      for (const v of p.values) text(v, 'filter.properties.values', 100);
      return { name: prop.name, values: p.values };
    });
  }
  return filter;
}

async function list(ctx: ApiContext, type: ProductType, scope: ListingScope, filter: ListingFilter, sort: ProductSort, offset: number, limit: number) {
  return ctx.catalog.listProducts({ type, scope, filter, sort: sort === 'CONDITION' && !scope.search ? 'NEWLY' : sort, offset, limit });
}

/**
 * Why a search found nothing and what does find something, within the same filters: the near
 * articles of a mistyped one, then the query without its unknown words (or without one word at
 * a time), each counted; an alternative that finds nothing is not offered. And categories to
 * browse: those of the first offer, or the top sections when nothing is offered.
 */
async function searchHintFor(ctx: ApiContext, type: ProductType, scope: ListingScope, filter: ListingFilter) {
  const plan = scope.search;
  if (!plan) return null;
  const count = async (text: string) => {
    const search = await ctx.catalog.search(text);
    return { search, totalCount: await ctx.catalog.countProducts({ type, scope: { ...scope, search }, filter }) };
  };
  const articles = await Promise.all(
    plan.nearArticles.map(async (sku) => {
      const { search, totalCount } = await count(sku);
      const product = search.skuProductIds[0] ? await ctx.catalog.productLoader.get(search.skuProductIds[0]) : null;
      return { query: product?.sku ?? sku, without: plan.article ? [plan.article] : [], totalCount, title: product?.name ?? null };
    }),
  );
  const relaxed = await Promise.all(
    plan.alternatives.map(async (a) => ({ query: a.text, without: a.without, totalCount: (await count(a.text)).totalCount, title: null })),
  );
  const alternatives = [...articles, ...relaxed].filter((a) => a.totalCount > 0).slice(0, 4);
  // where to go on: the categories of the best offer, or the catalogue's top sections
  const best = alternatives[0];
  const categories = best
    ? await ctx.catalog.topCategories({ type, scope: { ...scope, search: await ctx.catalog.search(best.query) }, filter, limit: 3 })
    : await ctx.catalog.categories({ isHaveParent: false });
  return { unmatched: plan.unmatched, article: plan.article, alternatives, categories };
}

async function required<T>(value: Promise<T | null>, what: string): Promise<T> {
  const v = await value;
  if (!v) throw new Error(`${what} is missing`);
  return v;
}

export const catalogResolvers: Resolvers = {
  Query: {
    health: (_, __, ctx) => ctx.ping(),
    categories: (_, args, ctx) =>
      ctx.catalog.categories({ isHaveParent: args.filter?.isHaveParent ?? undefined, parentId: optionalId(args.filter?.parentId, 'filter.parentId') }),
    category: (_, args, ctx) => ctx.catalog.categoryLoader.get(parseId(args.id, 'id')),
    brands: (_, args, ctx) =>
      ctx.catalog.brands({ onMainPage: args.filter?.onMainPage ?? undefined, ...pageArgs(args.offset, args.limit, { limit: 50 }) }),
    brand: (_, args, ctx) => ctx.catalog.brandLoader.get(parseId(args.id, 'id')),
    topBrands: async (_, args, ctx) =>
      (await ctx.catalog.brands({ onMainPage: true, offset: 0, limit: pageArgs(0, args.limit, { limit: 20 }).limit })).items,

    products: async (_, args, ctx) => {
      const { offset, limit } = pageArgs(args.offset, args.limit, { limit: 24 });
      const scope = await toScope(ctx, args.scope);
      const filter = await toFilter(ctx, args.filter);
      const result = await list(ctx, args.type ?? 'MODEL', scope, filter, args.sort ?? 'NEWLY', offset, limit);
      // a notice «results for …» is honest only when the query changed and something was found
      const searchCorrected = result.totalCount > 0 ? (scope.search?.changedText ?? null) : null;
      const searchHint = result.totalCount === 0 ? await searchHintFor(ctx, args.type ?? 'MODEL', scope, filter) : null;
      return { ...result, searchWords: scope.search?.corrected ?? null, searchCorrected, searchHint };
    },

    productFilters: async (_, args, ctx) => {
      const scope = await toScope(ctx, args.scope);
      const filter = await toFilter(ctx, args.filter);
      const data = await ctx.catalog.filterData(scope, filter, ctx.config.allowedProperties);
      const selectedBrands = new Set(filter.brandIds ?? []);
      const selectedCategories = new Set(filter.categoryIds ?? []);
      // the scope category and its ancestors contain every product: not a useful choice
      const hidden = new Set<number>();
      let cur = scope.categoryId !== undefined ? await ctx.catalog.categoryLoader.get(scope.categoryId) : null;
      while (cur) {
        hidden.add(cur.id);
        cur = cur.parentId ? await ctx.catalog.categoryLoader.get(cur.parentId) : null;
      }
      const brands = await Promise.all(
        data.brands.map(async (f) => ({ brand: await ctx.catalog.brandLoader.get(f.key), count: f.count })),
      );
      for (const id of selectedBrands) {
        if (!data.brands.some((f) => f.key === id)) brands.push({ brand: await ctx.catalog.brandLoader.get(id), count: 0 });
      }
      const categories = await Promise.all(
        data.categories.filter((f) => !hidden.has(f.key)).map(async (f) => ({ category: await ctx.catalog.categoryLoader.get(f.key), count: f.count })),
      );
      const selectedProps = new Map((filter.properties ?? []).map((p) => [p.name, new Set(p.values)]));
      return {
        totalCount: data.totalCount,
        minPriceInRUBFrom: data.priceFrom,
        minPriceInRUBTo: data.priceTo,
        brands: brands
          .filter((b): b is { brand: BrandRow; count: number } => !!b.brand)
          .sort((a, b) => a.brand.name.localeCompare(b.brand.name))
          .map((b) => ({ id: b.brand.id, name: b.brand.name, count: b.count, selected: selectedBrands.has(b.brand.id) })),
        categories: categories
          .filter((c): c is { category: CategoryRow; count: number } => !!c.category)
          .sort((a, b) => a.category.name.localeCompare(b.category.name, 'ru'))
          .map((c) => ({
            id: c.category.id,
            parentId: c.category.parentId,
            name: c.category.name,
            webPath: c.category.webPath,
            count: c.count,
            selected: selectedCategories.has(c.category.id),
          })),
        properties: data.properties.map((p) => {
          const selected = selectedProps.get(p.name) ?? new Set<string>();
          const options = p.values.map((v) => ({ value: v.key, count: v.count, selected: selected.has(v.key) }));
          for (const s of selected) if (!options.some((o) => o.value === s)) options.push({ value: s, count: 0, selected: true });
          return { id: p.id, name: p.name, title: p.title, values: options.map((o) => o.value), options };
        }),
      };
    },

    product: (_, args, ctx) => ctx.catalog.productLoader.get(parseId(args.id, 'id')),
    productModel: (_, args, ctx) => ctx.catalog.modelLoader.get(parseId(args.id, 'id')),
    offers: (_, args, ctx) =>
      ctx.catalog.offers({ productIds: parseIds(args.productIds, 'productIds'), modelIds: parseIds(args.modelIds, 'modelIds') }),
    cartOffers: (_, args, ctx) => ctx.catalog.offersByIds(parseIds(args.ids, 'ids', 100) ?? []),

    recommendedProducts: async (_, args, ctx) => {
      const filter: ListingFilter = {
        excludeIds: parseIds(args.excludeIds, 'excludeIds', 1000),
        categoryIds: parseIds(args.categoryIds, 'categoryIds'),
        priceFrom: price(args.priceFrom, 'priceFrom'),
        priceTo: price(args.priceTo, 'priceTo'),
      };
      return (await list(ctx, 'MODEL', {}, filter, 'MODIFIED', 0, pageArgs(0, args.limit, { limit: 20 }).limit)).items;
    },
    popularProducts: async (_, args, ctx) => {
      const filter: ListingFilter = {
        categoryIds: parseIds(args.categoryIds, 'categoryIds'),
        brandIds: parseIds(args.brandIds, 'brandIds'),
        priceFrom: 24_000,
        priceTo: 42_000,
      };
      return (await list(ctx, 'MODEL', {}, filter, 'NEWLY', 0, pageArgs(0, args.limit, { limit: 20 }).limit)).items;
    },
    newestProducts: async (_, args, ctx) => {
      const filter: ListingFilter = { categoryIds: parseIds(args.categoryIds, 'categoryIds'), brandIds: parseIds(args.brandIds, 'brandIds') };
      return (await list(ctx, 'MODEL', {}, filter, 'NEWLY', 0, pageArgs(0, args.limit, { limit: 20 }).limit)).items;
    },
    properties: (_, __, ctx) => ctx.catalog.properties(),
  },

  Property: {
    values: (property, _, ctx) => ctx.catalog.propertyValues(property.name),
  },
  Category: {
    image: (c) => toImage(c.image),
    parent: (c, _, ctx) => (c.parentId ? ctx.catalog.categoryLoader.get(c.parentId) : null),
    children: (c, _, ctx) => ctx.catalog.childCategories(c.id),
  },
  Brand: {
    logo: (b) => toImage(b.logo),
    image: (b) => toImage(b.logo),
  },
  Product: {
    // a listing's rows come with their relations: answering synchronously spares the executor
    // three promises per card
    variants: (p, { limit }, ctx) => {
      const most = limit === null || limit === undefined ? undefined : pageArgs(0, limit, { limit, maxLimit: MAX_SWATCHES }).limit;
      return modelVariants(p, ctx, (list) => swatches(list, p.productId, most).map(toVariant));
    },
    variantCount: (p, _, ctx) => modelVariants(p, ctx, (list) => list.length),
    variantType: () => 'color',
    photo: (p) => toImage(p.photo),
    mainCategory: (p, _, ctx) => p.hydrated?.category ?? required(ctx.catalog.categoryLoader.get(p.categoryId), 'category'),
    brand: (p, _, ctx) => p.hydrated?.brand ?? required(ctx.catalog.brandLoader.get(p.brandId), 'brand'),
    createdAt: (p) => iso(p.createdAt),
    text: async (p, _, ctx) => (await ctx.catalog.modelLoader.get(p.modelGroupId))?.text ?? '',
    description: async (p, _, ctx) => (await ctx.catalog.modelLoader.get(p.modelGroupId))?.description ?? '',
    gallery: (p, _, ctx) => ctx.catalog.photoLoader.get(p.productId),
    technicalAttributes: async (p, _, ctx) => attributes(await ctx.catalog.modelLoader.get(p.modelGroupId)),
    offers: (p, _, ctx) => ctx.catalog.offerLoader.get(p.productId),
    cardPriceInRUB: async (p, _, ctx) => cardPrice(p, await ctx.catalog.offerLoader.get(p.productId)),
    sizeChart: (p, _, ctx) => ctx.catalog.sizeChart(p.categoryId, p.brandId),
  },
  Offer: {
    priceInRUB: (o) => o.price,
    soldOut: (o) => o.stock <= 0,
    product: (o, _, ctx) => ctx.catalog.productLoader.get(o.productId),
  },
  ProductModel: {
    brand: (m, _, ctx) => required(ctx.catalog.brandLoader.get(m.brandId), 'brand'),
    mainCategory: (m, _, ctx) => required(ctx.catalog.categoryLoader.get(m.categoryId), 'category'),
    technicalAttributes: (m) => attributes(m),
    variants: async (m, _, ctx) => {
      const variants = await ctx.catalog.variantLoader.get(m.id);
      const products = await Promise.all(variants.map((v) => ctx.catalog.productLoader.get(v.id)));
      return products.filter((p) => p !== null);
    },
  },
};

/**
 * `answer` of the product's model's variants: at once for a listing's row (loaded with its
 * relations, sparing the executor a promise per card), else through the batched loader.
 */
function modelVariants<T>(p: ProductRow, ctx: ApiContext, answer: (list: VariantRow[]) => T): T | Promise<T> {
  return p.hydrated ? answer(p.hydrated.variants) : ctx.catalog.variantLoader.get(p.modelGroupId).then(answer);
}

/** The most a `variants(limit)` may ask for: a card's swatches, well under the query cost's list size. */
const MAX_SWATCHES = 10;

/**
 * At most `most` of a model's variants in the model's order, the product's own always among them
 * (in place of the last one when it comes later), so a card marks the colour it shows.
 */
export function swatches(list: VariantRow[], productId: number, most: number | undefined): VariantRow[] {
  if (most === undefined || list.length <= most) return list;
  const first = list.slice(0, most);
  if (first.some((v) => v.id === productId)) return first;
  const own = list.find((v) => v.id === productId);
  return own ? [...first.slice(0, most - 1), own] : first;
}

// an object literal, not a spread: this runs for every variant of every card (~170 per listing page)
function toVariant(v: VariantRow): Variant {
  return {
    id: v.id,
    name: v.name,
    color: v.colorClass,
    colorName: v.colorName,
    webPath: v.webPath,
    thumbnail: v.thumbnail ? { src: v.thumbnail.url, width: v.thumbnail.width, height: v.thumbnail.height } : null,
    inStock: v.inStock,
  };
}

function attributes(m: ModelRow | null): TechnicalAttribute[] {
  return (m?.attributes ?? []).map((a) => ({
    name: a.name,
    title: a.title,
    description: null,
    type: a.type === 'number' ? 'NUMBER' : 'TEXT',
    text: a.type === 'number' ? (a.number !== undefined ? `${a.number}${a.unit ? ` ${a.unit}` : ''}` : null) : (a.text ?? null),
    number: a.number ?? null,
    unit: a.unit ?? null,
  }));
}

/**
 * A card's price: the product's price when the sizes one can buy (all of them when none is in
 * stock) cost the same, null when they differ. A sold-out size that costs more does not make the
 * card say «от»: the lowest price is over the sizes in stock, too.
 */
export function cardPrice(product: { priceInRUB: number; inStock: boolean }, offers: readonly { price: number; stock: number }[]): number | null {
  const buyable = product.inStock ? offers.filter((o) => o.stock > 0) : offers;
  return new Set(buyable.map((o) => o.price)).size > 1 ? null : product.priceInRUB;
}

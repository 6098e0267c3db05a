import type { ListingFilter, ListingScope, ProductSort, ProductType } from '../repo/listing-filter.ts';
import type { BrandRow, CategoryRow, ModelRow, OfferRow, ProductRow, VariantRow } from '../repo/rows.ts';
import { optionalId, pageArgs, parseId, parseIds, price, text } from './args.ts';
import type { ApiContext } from './context.ts';
import { badInput } from './errors.ts';
import { iso, toImage } from './mappers.ts';

type Ids = string[] | null | undefined;

interface ScopeInput {
  categoryId?: string | null;
  brandId?: string | null;
  search?: string | null;
}

interface FilterInput {
  categoryIds?: Ids;
  brandIds?: Ids;
  priceFrom?: number | null;
  priceTo?: number | null;
  properties?: { propertyId: string; values: string[] }[] | null;
  excludeIds?: Ids;
  ids?: Ids;
}

async function toScope(ctx: ApiContext, input: ScopeInput | null | undefined): Promise<ListingScope> {
  const scope: ListingScope = {
    categoryId: optionalId(input?.categoryId, 'scope.categoryId'),
    brandId: optionalId(input?.brandId, 'scope.brandId'),
  };
  const term = text(input?.search, 'scope.search', 200)?.trim();
  if (term) scope.search = await ctx.catalog.search(term);
  return scope;
}

async function toFilter(ctx: ApiContext, input: FilterInput | null | undefined): Promise<ListingFilter> {
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

async function required<T>(value: Promise<T | null>, what: string): Promise<T> {
  const v = await value;
  if (!v) throw new Error(`${what} is missing`);
  return v;
}

export const catalogResolvers = {
  Query: {
    health: (_: unknown, __: unknown, ctx: ApiContext) => ctx.ping(),
    categories: (_: unknown, args: { filter?: { isHaveParent?: boolean | null; parentId?: string | null } | null }, ctx: ApiContext) =>
      ctx.catalog.categories({ isHaveParent: args.filter?.isHaveParent ?? undefined, parentId: optionalId(args.filter?.parentId, 'filter.parentId') }),
    category: (_: unknown, args: { id: string }, ctx: ApiContext) => ctx.catalog.categoryLoader.get(parseId(args.id, 'id')),
    brands: (_: unknown, args: { filter?: { onMainPage?: boolean | null } | null; offset?: number; limit?: number }, ctx: ApiContext) =>
      ctx.catalog.brands({ onMainPage: args.filter?.onMainPage ?? undefined, ...pageArgs(args.offset, args.limit, { limit: 50 }) }),
    brand: (_: unknown, args: { id: string }, ctx: ApiContext) => ctx.catalog.brandLoader.get(parseId(args.id, 'id')),
    topBrands: async (_: unknown, args: { limit?: number }, ctx: ApiContext) =>
      (await ctx.catalog.brands({ onMainPage: true, offset: 0, limit: pageArgs(0, args.limit, { limit: 20 }).limit })).items,

    products: async (
      _: unknown,
      args: { type?: ProductType; scope?: ScopeInput | null; filter?: FilterInput | null; sort?: ProductSort; offset?: number; limit?: number },
      ctx: ApiContext,
    ) => {
      const { offset, limit } = pageArgs(args.offset, args.limit, { limit: 24 });
      const scope = await toScope(ctx, args.scope);
      const filter = await toFilter(ctx, args.filter);
      const result = await list(ctx, args.type ?? 'MODEL', scope, filter, args.sort ?? 'NEWLY', offset, limit);
      // a notice «results for …» is honest only when the query changed and something was found
      const searchCorrected = result.totalCount > 0 ? (scope.search?.changedText ?? null) : null;
      return { ...result, searchWords: scope.search?.corrected ?? null, searchCorrected };
    },

    productFilters: async (_: unknown, args: { scope?: ScopeInput | null; filter?: FilterInput | null }, ctx: ApiContext) => {
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

    product: (_: unknown, args: { id: string }, ctx: ApiContext) => ctx.catalog.productLoader.get(parseId(args.id, 'id')),
    productModel: (_: unknown, args: { id: string }, ctx: ApiContext) => ctx.catalog.modelLoader.get(parseId(args.id, 'id')),
    offers: (_: unknown, args: { productIds?: Ids; modelIds?: Ids }, ctx: ApiContext) =>
      ctx.catalog.offers({ productIds: parseIds(args.productIds, 'productIds'), modelIds: parseIds(args.modelIds, 'modelIds') }),

    recommendedProducts: async (
      _: unknown,
      args: { excludeIds?: Ids; categoryIds?: Ids; priceFrom?: number | null; priceTo?: number | null; limit?: number },
      ctx: ApiContext,
    ) => {
      const filter: ListingFilter = {
        excludeIds: parseIds(args.excludeIds, 'excludeIds', 1000),
        categoryIds: parseIds(args.categoryIds, 'categoryIds'),
        priceFrom: price(args.priceFrom, 'priceFrom'),
        priceTo: price(args.priceTo, 'priceTo'),
      };
      return (await list(ctx, 'MODEL', {}, filter, 'MODIFIED', 0, pageArgs(0, args.limit, { limit: 20 }).limit)).items;
    },
    popularProducts: async (_: unknown, args: { categoryIds?: Ids; brandIds?: Ids; limit?: number }, ctx: ApiContext) => {
      const filter: ListingFilter = {
        categoryIds: parseIds(args.categoryIds, 'categoryIds'),
        brandIds: parseIds(args.brandIds, 'brandIds'),
        priceFrom: 24_000,
        priceTo: 42_000,
      };
      return (await list(ctx, 'MODEL', {}, filter, 'NEWLY', 0, pageArgs(0, args.limit, { limit: 20 }).limit)).items;
    },
    newestProducts: async (_: unknown, args: { categoryIds?: Ids; brandIds?: Ids; limit?: number }, ctx: ApiContext) => {
      const filter: ListingFilter = { categoryIds: parseIds(args.categoryIds, 'categoryIds'), brandIds: parseIds(args.brandIds, 'brandIds') };
      return (await list(ctx, 'MODEL', {}, filter, 'NEWLY', 0, pageArgs(0, args.limit, { limit: 20 }).limit)).items;
    },
    properties: (_: unknown, __: unknown, ctx: ApiContext) => ctx.catalog.properties(),
  },

  Category: {
    image: (c: CategoryRow) => toImage(c.image),
    parent: (c: CategoryRow, _: unknown, ctx: ApiContext) => (c.parentId ? ctx.catalog.categoryLoader.get(c.parentId) : null),
    children: (c: CategoryRow, _: unknown, ctx: ApiContext) => ctx.catalog.childCategories(c.id),
  },
  Brand: {
    logo: (b: BrandRow) => toImage(b.logo),
    image: (b: BrandRow) => toImage(b.logo),
  },
  Product: {
    // a listing's rows come with their relations: answering synchronously spares the executor
    // three promises per card
    variants: (p: ProductRow, _: unknown, ctx: ApiContext) =>
      p.hydrated ? p.hydrated.variants.map(toVariant) : ctx.catalog.variantLoader.get(p.modelGroupId).then((list) => list.map(toVariant)),
    variantType: () => 'color',
    photo: (p: ProductRow) => toImage(p.photo),
    mainCategory: (p: ProductRow, _: unknown, ctx: ApiContext) => p.hydrated?.category ?? required(ctx.catalog.categoryLoader.get(p.categoryId), 'category'),
    brand: (p: ProductRow, _: unknown, ctx: ApiContext) => p.hydrated?.brand ?? required(ctx.catalog.brandLoader.get(p.brandId), 'brand'),
    createdAt: (p: ProductRow) => iso(p.createdAt),
    text: async (p: ProductRow, _: unknown, ctx: ApiContext) => (await ctx.catalog.modelLoader.get(p.modelGroupId))?.text ?? '',
    description: async (p: ProductRow, _: unknown, ctx: ApiContext) => (await ctx.catalog.modelLoader.get(p.modelGroupId))?.description ?? '',
    gallery: (p: ProductRow, _: unknown, ctx: ApiContext) => ctx.catalog.photoLoader.get(p.productId),
    technicalAttributes: async (p: ProductRow, _: unknown, ctx: ApiContext) => attributes(await ctx.catalog.modelLoader.get(p.modelGroupId)),
    offers: (p: ProductRow, _: unknown, ctx: ApiContext) => ctx.catalog.offerLoader.get(p.productId),
  },
  Offer: {
    priceInRUB: (o: OfferRow) => o.price,
    soldOut: (o: OfferRow) => o.stock <= 0,
    product: (o: OfferRow, _: unknown, ctx: ApiContext) => ctx.catalog.productLoader.get(o.productId),
  },
  ProductModel: {
    brand: (m: ModelRow, _: unknown, ctx: ApiContext) => required(ctx.catalog.brandLoader.get(m.brandId), 'brand'),
    mainCategory: (m: ModelRow, _: unknown, ctx: ApiContext) => required(ctx.catalog.categoryLoader.get(m.categoryId), 'category'),
    technicalAttributes: (m: ModelRow) => attributes(m),
    variants: async (m: ModelRow, _: unknown, ctx: ApiContext) => {
      const variants = await ctx.catalog.variantLoader.get(m.id);
      const products = await Promise.all(variants.map((v) => ctx.catalog.productLoader.get(v.id)));
      return products.filter(Boolean);
    },
  },
};

// an object literal, not a spread: this runs for every variant of every card (~170 per listing page)
function toVariant(v: VariantRow) {
  return {
    id: v.id,
    modelId: v.modelId,
    name: v.name,
    color: v.colorClass,
    colorName: v.colorName,
    colorClass: v.colorClass,
    webPath: v.webPath,
    thumbnail: v.thumbnail ? { src: v.thumbnail.url, width: v.thumbnail.width, height: v.thumbnail.height } : null,
    inStock: v.inStock,
  };
}

function attributes(m: ModelRow | null) {
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

import type { CatalogFile, MenuEntry } from './catalog-file.ts';
import {
  basePrice,
  brandDefs,
  categoryDefs,
  clothingSizes,
  colorDefs,
  editions,
  type Kind,
  knownArticles,
  linePurposes,
  materials,
  occasions,
  purposeOccasion,
  purposeOnlyOccasions,
  shoeSizes,
  sizeChartDefs,
} from './generator-data.ts';
import { ART_BACKGROUND, brandLogoUrl, categoryPhotoUrl, productPhotoUrl } from './image-urls.ts';
import { createPrng } from './prng.ts';
import { slugify } from './slugify.ts';

export type CatalogSize = 'small' | 'large';

const SEED = 20261122;
// A fixed "now" keeps creation dates, and so the newest/recommended lists, identical on every run.
const EPOCH = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

// resale prices end in 990 and stay within what the niche charges (a Stone Island parka tops out near 80k)
const roundPrice = (n: number) => Math.min(79_990, Math.max(1990, Math.round(n / 1000) * 1000 - 10));

type Prng = ReturnType<typeof createPrng>;
type BrandDef = (typeof brandDefs)[number];
type CategoryDef = (typeof categoryDefs)[number];
type ColorDef = (typeof colorDefs)[number];
type Model = CatalogFile['models'][number];
type Variant = Model['variants'][number];
type Attribute = NonNullable<Model['attributes']>[number];

/** What every model of one run shares: the random stream, the size and the SKUs already taken. */
interface ModelContext {
  rnd: Prng;
  large: boolean;
  usedSkus: Set<string>;
}

/** One model's line within a brand and category; `modelNo` counts models across the whole run. */
interface ModelSpec {
  brand: BrandDef;
  catKey: string;
  cat: CategoryDef;
  kind: Kind;
  line: string;
  edition: string;
  modelNo: number;
}

/** The deterministic Russian catalogue: same seed, same output, byte for byte. */
export function generateCatalog(size: CatalogSize = 'small'): CatalogFile {
  const rnd = createPrng(SEED);
  const large = size === 'large';
  const categoryByKey = new Map(categoryDefs.map((c) => [c.key, c]));
  const categories = buildCategories(categoryByKey);
  const brands = buildBrands();
  const models = buildModels({ rnd, large, usedSkus: new Set<string>() }, categoryByKey);
  return { categories, brands, properties, models, menus: menus(), redirects, sizeCharts: sizeChartDefs };
}

function buildCategories(categoryByKey: Map<string, CategoryDef>): CatalogFile['categories'] {
  return categoryDefs.map((c, i) => {
    const path = c.parent ? `/catalog/${categoryByKey.get(c.parent)?.slug}/${c.slug}` : `/catalog/${c.slug}`;
    return {
      key: c.key,
      parent: c.parent ?? null,
      name: c.name,
      path,
      text: c.text,
      description: `${c.name} от мировых брендов: только оригинальные товары с бесплатной доставкой по всей России. ${c.text}.`,
      image: { url: categoryPhotoUrl(c.slug, i), width: 600, height: 400 },
    };
  });
}

function buildBrands(): CatalogFile['brands'] {
  return brandDefs.map((b) => ({
    key: b.key,
    name: b.name,
    aliases: b.aliases,
    path: `/brands/${b.key}`,
    text: `Оригинальные товары ${b.name} с доставкой по России`,
    heading: `${b.name}: обувь и одежда`,
    description: `${b.name} — один из самых узнаваемых брендов уличной и спортивной моды. В каталоге собраны актуальные модели и классика ${b.name}; все товары оригинальные, доставка бесплатная.`,
    logo: { url: brandLogoUrl(b.key), width: 240, height: 120 },
    onMainPage: b.onMainPage,
  }));
}

// The loop order (brand, category, line, edition) is the order the random stream is consumed in:
// changing it changes every model after the change.
function buildModels(ctx: ModelContext, categoryByKey: Map<string, CategoryDef>): CatalogFile['models'] {
  const models: CatalogFile['models'] = [];
  let modelNo = 0;
  for (const brand of brandDefs) {
    for (const [catKey, lines] of Object.entries(brand.lines)) {
      const cat = categoryByKey.get(catKey);
      if (!cat?.kind) continue;
      const editionList = ctx.large ? editions : [''];
      for (const line of lines) {
        for (const edition of editionList) {
          modelNo++;
          models.push(buildModel(ctx, { brand, catKey, cat, kind: cat.kind, line, edition, modelNo }));
        }
      }
    }
  }
  return models;
}

function pickColors(rnd: Prng, large: boolean, modelNo: number): ColorDef[] {
  const colorCount = large ? rnd.int(5, 7) : rnd.int(1, 2);
  const colors = rnd.shuffle(colorDefs).slice(0, colorCount);
  // white is the best-selling colour of the niche: every third model has a white variant first
  if (modelNo % 3 === 0 && colors[0]?.cls !== 'white') return [colorDefs[0] as ColorDef, ...colors.filter((c) => c.cls !== 'white')].slice(0, colorCount);
  return colors;
}

function buildModel(ctx: ModelContext, spec: ModelSpec): Model {
  const { rnd } = ctx;
  const { brand, catKey, cat, kind, line, edition, modelNo } = spec;
  const modelName = [line, edition].filter(Boolean).join(' ');
  const name = `${cat.noun} ${brand.name} ${modelName}`;
  const colors = pickColors(rnd, ctx.large, modelNo);
  const price0 = roundPrice(basePrice[kind] * brand.tier * (0.8 + rnd.next() * 0.9));
  const material = rnd.pick(materials[kind]);
  const picked = rnd.pick(occasions[kind]);
  // a line's purpose decides its occasion; a random one must not call a lifestyle model «для бега»
  const purpose = linePurposes[line];
  const occasion = (purpose && purposeOccasion[purpose.split(', ')[0] as string]) || (!purpose && purposeOnlyOccasions.has(picked) ? 'на каждый день' : picked);
  const created = EPOCH - rnd.int(0, 540) * DAY - rnd.int(0, 86_399) * 1000;
  const variants = colors.map((color, ci) => buildVariant(ctx, spec, { color, ci, price0, created, modelName }));
  const attributes = buildAttributes(rnd, kind, material, brand.country, purpose);
  return {
    key: `m${modelNo}`,
    name,
    brand: brand.key,
    category: catKey,
    text: `${cat.noun} ${brand.name} ${modelName} ${occasion}`,
    description: `${name} — оригинальная модель ${brand.name}. Материал: ${material}. Подходит ${occasion}. Доставим бесплатно в любой город России.`,
    attributes,
    variants,
  };
}

interface VariantSpec {
  color: ColorDef;
  ci: number;
  price0: number;
  created: number;
  modelName: string;
}

function pickSku(ctx: ModelContext, spec: ModelSpec, first: boolean): string {
  const { rnd, usedSkus } = ctx;
  let sku: string;
  do sku = `${spec.brand.code}${rnd.int(1000, 9999)}-${rnd.int(100, 999)}`;
  while (usedSkus.has(sku));
  const known = first && !spec.edition ? knownArticles[`${spec.brand.name} ${spec.line}`] : undefined;
  if (known) sku = known;
  usedSkus.add(sku);
  return sku;
}

function buildOffers(ctx: ModelContext, kind: Kind, sku: string, variantPrice: (rnd: Prng) => number): Variant['offers'] {
  const { rnd, large } = ctx;
  const allSizes = kind === 'shoe' || kind === 'boot' ? shoeSizes : clothingSizes;
  const first = rnd.int(0, Math.max(0, allSizes.length - (large ? 7 : 6)));
  const count = Math.min(allSizes.length - first, large ? 7 : rnd.int(4, 6));
  const soldOutProduct = rnd.chance(0.04);
  const price = variantPrice(rnd);
  return allSizes.slice(first, first + count).map((s) => ({
    sku: `${sku}-${s}`,
    size: s,
    // resale prices: a popular size often costs a thousand more
    price: rnd.chance(0.25) ? Math.min(79_990, price + 1000) : price,
    stock: soldOutProduct || rnd.chance(0.15) ? 0 : rnd.int(1, 12),
  }));
}

function buildVariant(ctx: ModelContext, spec: ModelSpec, v: VariantSpec): Variant {
  const { rnd } = ctx;
  const { color, ci, price0 } = v;
  const sku = pickSku(ctx, spec, ci === 0);
  const offers = buildOffers(ctx, spec.kind, sku, (r) => (ci === 0 ? price0 : roundPrice(price0 * (0.9 + r.next() * 0.25))));
  const variantCreated = v.created + ci * rnd.int(1, 30) * DAY;
  const photos = [0, 1, 2, 3].map((view) => {
    const [w, h] = view === 2 ? [1600, 1066] : [1600, 1600];
    return { url: productPhotoUrl(spec.kind, color.cls, sku, view, w, h), width: w, height: h, color: ART_BACKGROUND };
  });
  return {
    sku,
    color: color.name,
    colorClass: color.cls,
    path: `/product/${slugify(`${spec.brand.name} ${v.modelName} ${color.cls}`)}-${sku.toLowerCase()}`,
    createdAt: new Date(variantCreated).toISOString(),
    modifiedAt: new Date(Math.min(EPOCH, variantCreated + rnd.int(0, 60) * DAY)).toISOString(),
    photos,
    properties: { color: [color.name], gender: [rnd.pick(['мужской', 'женский', 'унисекс'])] },
    offers,
  };
}

function buildAttributes(rnd: Prng, kind: Kind, material: string, country: string, purpose: string | undefined): Attribute[] {
  const footwear = kind === 'shoe' || kind === 'boot';
  const attributes: Attribute[] = [
    { name: 'material', title: footwear ? 'Материал верха' : 'Состав', type: 'text', text: material },
    { name: 'country', title: 'Страна производства', type: 'text', text: country },
  ];
  if (purpose) attributes.push({ name: 'purpose', title: 'Назначение', type: 'text', text: purpose });
  if (footwear) {
    attributes.push({ name: 'weight', title: 'Вес пары', type: 'number', number: rnd.int(55, 120) * 10, unit: 'г' });
    attributes.push({ name: 'sole_height', title: 'Высота подошвы', type: 'number', number: rnd.int(20, 55), unit: 'мм' });
  } else {
    attributes.push({ name: 'density', title: 'Плотность ткани', type: 'number', number: rnd.int(16, 45) * 10, unit: 'г/м²' });
  }
  return attributes;
}

const properties = [
  { name: 'size', title: 'Размер' },
  { name: 'color', title: 'Цвет' },
  { name: 'gender', title: 'Пол' },
];

const redirects = [
  { from: '/krossovki', to: '/catalog/obuv/krossovki', status: 301 as const },
  { from: '/catalog/sneakers', to: '/catalog/obuv/krossovki', status: 301 as const },
  { from: '/brand/nike', to: '/brands/nike', status: 301 as const },
  { from: '/sale', to: '/search?sort=priceup', status: 302 as const },
];

function menus(): MenuEntry[] {
  const link = (name: string, href: string, isNew = false): MenuEntry => ({ name, href, type: 'link', isNew });
  const brandLink = (key: string) => {
    const b = brandDefs.find((x) => x.key === key);
    return link(b?.name ?? key, `/brands/${key}`);
  };
  return [
    link('Новинки', '/search?sort=newly', true),
    {
      name: 'Обувь',
      href: '/catalog/obuv',
      type: 'megaMenu',
      panel: {
        title: 'Бесплатная доставка',
        text: 'Доставим оригинальную пару в любой город России бесплатно',
        href: '/catalog/obuv/krossovki',
        image: { url: categoryPhotoUrl('krossovki', 1), width: 600, height: 400 },
      },
      children: [
        { name: 'Категории', type: 'dropdown', children: [link('Кроссовки', '/catalog/obuv/krossovki'), link('Кеды', '/catalog/obuv/kedy'), link('Ботинки', '/catalog/obuv/botinki', true)] },
        { name: 'Бренды', type: 'dropdown', children: ['nike', 'adidas', 'new-balance', 'jordan', 'asics', 'salomon'].map(brandLink) },
        { name: 'Подборки', type: 'dropdown', children: [link('Беговые', '/search?search=беговые'), link('До 15 000 ₽', '/search?priceTo=15000'), link('Белые кроссовки', '/search?search=белые%20кроссовки')] },
      ],
    },
    {
      name: 'Одежда',
      href: '/catalog/odezhda',
      type: 'dropdown',
      children: [link('Худи', '/catalog/odezhda/hudi'), link('Футболки', '/catalog/odezhda/futbolki'), link('Куртки', '/catalog/odezhda/kurtki', true)],
    },
    {
      name: 'Бренды',
      href: '/search',
      type: 'dropdown',
      children: [
        ...['nike', 'adidas', 'new-balance', 'puma', 'converse', 'vans'].map(brandLink),
        { name: 'Ещё бренды', type: 'dropdown', children: ['stone-island', 'carhartt-wip', 'the-north-face', 'li-ning', 'anta', 'timberland', 'dr-martens'].map(brandLink) },
      ],
    },
    link('Контакты', '/#contacts'),
  ];
}

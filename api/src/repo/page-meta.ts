import { formatPrice } from '@shop/contracts/format';
import { PAGES, type PageType } from '@shop/contracts/pages';
import { OG_PHOTO, ogPhotoUrl, parsePhotoPath } from '@shop/contracts/photos';
import { absoluteUrl } from '../catalog/site-urls.ts';
import type { CatalogRepo } from './catalog-repo.ts';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  robots: string;
  ogTitle: string;
  ogDescription: string;
  ogUrl: string;
  ogType: string;
  ogImages: { url: string; width: number; height: number }[];
  /** The photo the page shows largest, as shown (not its social preview). */
  mainImage: { url: string; width: number; height: number; color?: string | null } | null;
  /** schema.org JSON-LD (a Product with an Offer per size) ready to embed, or null. */
  jsonLd: string | null;
}

const clip = (text: string, max = 160) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

/** « — страница N» for a listing's page after the first: each page has a title of its own. */
const pageSuffix = (paged: string) => (paged ? ` — страница ${paged.slice('?page='.length)}` : '');

/** Only pagination survives into a canonical URL: filters and sorting describe the same page. */
function canonicalQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const pageNo = Number(params.get('page'));
  return Number.isInteger(pageNo) && pageNo > 1 ? `?page=${pageNo}` : '';
}

type Image = { url: string; width: number; height: number };

/**
 * What a social network or messenger is given for a picture: the photo pipeline's 1200×630
 * JPEG of a shop photo or of generated art (they show neither SVG nor AVIF); an outside picture
 * as it is.
 */
function socialImage(img: Image): Image {
  const photo = parsePhotoPath(img.url);
  const art = /^\/api\/images\/([a-z0-9][A-Za-z0-9/._-]{0,200})\.svg$/.exec(img.url)?.[1];
  const source = photo?.source ?? (art ? `art/${art}` : null);
  return source ? { url: ogPhotoUrl(source), width: OG_PHOTO.width, height: OG_PHOTO.height } : img;
}

/** What every page's head is built from: URL checks and the common fields. */
interface MetaKit {
  abs: (path: string) => string | null;
  imagesOf: (list: Image[]) => Image[];
  base: (path: string, title: string, description: string, extra?: Partial<PageMeta>) => PageMeta;
}

// database values are checked again here, whatever the import let through: an unsafe value
// is left out (images) or replaced by the home page (page URLs), never glued onto the origin
function metaKit(publicUrl: string, shopName: string): MetaKit {
  const abs = (path: string) => absoluteUrl(publicUrl, path);
  const home = `${publicUrl}/`;
  const imagesOf = (list: Image[]) =>
    list.flatMap((img) => {
      const social = socialImage(img);
      const url = abs(social.url);
      return url ? [{ url, width: social.width, height: social.height }] : [];
    });
  const base = (path: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta => {
    const canonical = (abs(path) ?? home) + (extra.canonical ?? '');
    const full = `${title} | ${shopName}`;
    return {
      title: full,
      description: clip(description),
      keywords: extra.keywords ?? 'оригинальные кроссовки, оригинальная одежда, бесплатная доставка',
      canonical,
      robots: extra.robots ?? 'index, follow',
      ogTitle: title,
      ogDescription: clip(description, 200),
      ogUrl: canonical,
      ogType: extra.ogType ?? 'website',
      ogImages: extra.ogImages ?? [],
      mainImage: extra.mainImage ?? null,
      jsonLd: extra.jsonLd ?? null,
    };
  };
  return { abs, imagesOf, base };
}

export async function buildPageMeta(
  repo: CatalogRepo,
  publicUrl: string,
  shopName: string,
  type: PageType,
  id: number | null,
  query: string,
): Promise<PageMeta | null> {
  const kit = metaKit(publicUrl, shopName);
  const { base } = kit;
  // a page at a fixed path (other than search, whose title names the text): its head is in the
  // page table (@shop/contracts/pages), so a new fixed page needs nothing here
  const fixed = (PAGES[type] as { fixed?: { path: string; title: string; description: string; robots?: string } })
    .fixed;
  if (type === 'HOME' && fixed) return base(fixed.path, fixed.title, fixed.description, { ogImages: kit.imagesOf(await homeImages(repo)) });
  if (fixed && type !== 'SEARCH')
    return base(fixed.path, fixed.title, fixed.description, fixed.robots ? { robots: fixed.robots } : {});

  switch (type) {
    case 'SEARCH': {
      const text = new URLSearchParams(query.replace(/^\?/, '')).get('search')?.trim();
      const { path, title, description, robots } = PAGES.SEARCH.fixed;
      return base(path, text ? `Поиск: «${clip(text, 60)}»` : title, description, { robots });
    }
    case 'ORDER':
      // shown for a found order only (a wrong or missing key is a 404 «Заказ не найден», host/server/app.ts),
      // whatever its status; the canonical is never the order's URL (it carries the access key)
      return base('/', 'Ваш заказ', 'Состав и статус вашего заказа.', { robots: 'noindex, nofollow' });
    case 'NOT_FOUND':
      return base('/', 'Страница не найдена', 'Такой страницы нет. Воспользуйтесь поиском или перейдите в каталог.', {
        robots: 'noindex, follow',
      });
    case 'CATEGORY':
      return id === null ? null : categoryMeta(repo, kit, id, canonicalQuery(query));
    case 'BRAND':
      return id === null ? null : brandMeta(repo, kit, id, canonicalQuery(query));
    case 'PRODUCT':
      return id === null ? null : productMeta(repo, kit, id);
    default:
      return null;
  }
}

async function categoryMeta(repo: CatalogRepo, { base, imagesOf }: MetaKit, id: number, paged: string): Promise<PageMeta | null> {
  const c = await repo.categoryLoader.get(id);
  if (!c) return null;
  return base(c.webPath, `${c.name} — купить оригинал с бесплатной доставкой${pageSuffix(paged)}`, c.description || c.text, {
    canonical: paged,
    keywords: `${c.name.toLowerCase()}, купить ${c.name.toLowerCase()}, оригинал, доставка по России`,
    ogImages: c.image ? imagesOf([c.image]) : [],
  });
}

async function brandMeta(repo: CatalogRepo, { base, imagesOf }: MetaKit, id: number, paged: string): Promise<PageMeta | null> {
  const b = await repo.brandLoader.get(id);
  if (!b) return null;
  return base(b.webPath, `${b.name} — оригинальная обувь и одежда${pageSuffix(paged)}`, b.description || b.text, {
    canonical: paged,
    keywords: [b.name, ...b.aliases, `${b.name} купить`, `${b.name} оригинал`].join(', '),
    ogImages: b.logo ? imagesOf([b.logo]) : [],
  });
}

async function productMeta(repo: CatalogRepo, kit: MetaKit, id: number): Promise<PageMeta | null> {
  const p = await repo.productLoader.get(id);
  if (!p) return null;
  const [model, brand, category, photos, offers] = await Promise.all([
    repo.modelLoader.get(p.modelId),
    repo.brandLoader.get(p.brandId),
    repo.categoryLoader.get(p.categoryId),
    repo.photoLoader.get(p.productId),
    repo.offerLoader.get(p.productId),
  ]);
  const color = p.colorName ? `, цвет ${p.colorName}` : '';
  // no size in stock: no price to promise in the title (not «купить за 22 990 ₽» for a sold-out colour)
  const title = p.inStock
    ? `${p.name}${color} — купить за ${formatPrice(p.minPriceInRUB)}`
    : `${p.name}${color} — нет в наличии`;
  const description = model?.description || model?.text || p.name;
  const images = kit.imagesOf(photos);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    description: clip(description, 500),
    image: images.map((i) => i.url),
    color: p.colorName || undefined,
    category: category?.name,
    brand: brand ? { '@type': 'Brand', name: brand.name } : undefined,
    offers: offers.map((o) => ({
      '@type': 'Offer',
      sku: o.sku,
      name: `Размер ${o.size}`,
      price: o.price,
      priceCurrency: 'RUB',
      availability: o.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: kit.abs(p.webPath) ?? undefined,
    })),
  };
  return kit.base(p.webPath, title, description, {
    keywords: [p.name, brand?.name, category?.name, p.colorName, p.sku].filter(Boolean).join(', '),
    ogType: 'product',
    ogImages: images,
    mainImage: photos[0] && kit.abs(photos[0].url) ? photos[0] : null,
    // "<" is escaped so the JSON can sit inside a <script> element
    jsonLd: JSON.stringify(jsonLd).replace(/</g, '\\u003c'),
  });
}

/** The home page's preview: the first top-level category's picture (the shop's main line). */
async function homeImages(repo: CatalogRepo): Promise<Image[]> {
  const top = await repo.categories({ isHaveParent: false });
  const withImage = top.find((c) => c.image);
  return withImage?.image ? [withImage.image] : [];
}

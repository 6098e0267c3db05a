import { PAGE_TYPES, PAGES, type PageType } from '@shop/contracts/pages';
import { buildPageMeta } from '../repo/page-meta.ts';
import type { ResolvedPage } from '../repo/page-repo.ts';
import type { MenuRow } from '../repo/rows.ts';
import { optionalId, text } from './args.ts';
import type { ApiContext } from './context.ts';
import { badInput } from './errors.ts';
import { iso, toImage } from './mappers.ts';
import { countLookup } from './order-resolvers.ts';
import type { MenuItem, MenuItemType, Resolvers } from './resolvers-types.generated.ts';

/** The fixed pages a search engine may index (home, «Возврат и обмен»): the sitemap's first entries. */
const INDEXED_FIXED_PAGES = PAGE_TYPES.flatMap((type: PageType) => {
  const row: (typeof PAGES)[PageType] = PAGES[type];
  if (!('fixed' in row) || ('robots' in row.fixed && row.fixed.robots.includes('noindex'))) return [];
  return [{ path: row.fixed.path, type, lastModified: null }];
});

const MENU_TYPES: Record<string, MenuItemType> = { link: 'LINK', dropdown: 'DROPDOWN', megaMenu: 'MEGA_MENU' };

function menuTree(items: MenuRow[]): MenuItem[] {
  const nodes = new Map<number, MenuItem>();
  for (const m of items) {
    nodes.set(m.id, {
      id: m.id,
      name: m.name,
      href: m.href,
      type: MENU_TYPES[m.type] ?? 'LINK',
      isNew: m.isNew,
      panel: m.panel ? { ...m.panel, image: toImage(m.panel.image) } : null,
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const m of items) {
    const node = nodes.get(m.id) as MenuItem;
    const parent = m.parentId ? nodes.get(m.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * An order page is found only with its access key from the same URL (`?key=`, from the letter or
 * the payment's return): without it, or with a wrong one, the page answers 404 «Заказ не найден»
 * (the type stays ORDER, so the shop shows the order page's own «not found» with what to do).
 * A missing order and a wrong key answer alike (no existence oracle); each key tried counts
 * against the same per-client budget as `order` (a URL is one more way to guess keys), and the
 * key is compared in constant time (OrderRepo.byNumber). The key is never echoed or logged.
 */
async function orderPageStatus(page: ResolvedPage, query: string, ctx: ApiContext): Promise<ResolvedPage> {
  if (page.type !== 'ORDER' || page.status !== 200 || typeof page.id !== 'string') return page;
  const notFound = { ...page, status: 404 };
  let key: string | null = null;
  try {
    key = new URLSearchParams(query).get('key');
  } catch {
    return notFound;
  }
  if (!key || key.length > 200) return notFound;
  await countLookup(ctx);
  return (await ctx.orders.byNumber(page.id, key)) ? page : notFound;
}

export const pageResolvers: Resolvers = {
  Query: {
    menu: async (_, __, ctx) => menuTree(await ctx.catalog.menu()),
    resolvePage: async (_, args, ctx) => {
      const path = text(args.path, 'path', 2000) as string;
      const query = text(args.query, 'query', 4000) ?? '';
      if (!path.startsWith('/')) throw badInput('path', 'path должен начинаться с «/»');
      return orderPageStatus(await ctx.pages.resolve(path, query), query, ctx);
    },
    pageMeta: async (_, args, ctx) => {
      const query = text(args.query, 'query', 4000) ?? '';
      // an ORDER page's id is its order number (what resolvePage answers); its meta needs no id
      if (args.type === 'ORDER') text(args.id, 'id', 40);
      const id = args.type === 'ORDER' ? null : (optionalId(args.id, 'id') ?? null);
      const meta = await buildPageMeta(ctx.catalog, ctx.config.shopPublicUrl, ctx.config.shopName, args.type, id, query);
      if (!meta) return null;
      return { ...meta, ogImages: meta.ogImages.map((img) => toImage(img)), mainImage: toImage(meta.mainImage) };
    },
    sitemap: async (_, __, ctx) => [
      // the home page shows the catalogue: it changed when the catalogue did
      ...(await Promise.all(
        INDEXED_FIXED_PAGES.map(async (page) => (page.type === 'HOME' ? { ...page, lastModified: iso(await ctx.catalog.catalogChangedAt()) } : page)),
      )),
      ...(await ctx.catalog.sitemap()).map((e) => ({ path: e.path, type: e.type, lastModified: iso(e.modifiedAt) })),
    ],
  },
};

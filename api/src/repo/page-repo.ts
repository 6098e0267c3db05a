import { FIXED_PAGES, type PageType } from '@shop/contracts/pages';
import { eq, or, sql } from 'drizzle-orm';
import { isSitePath } from '../catalog/site-urls.ts';
import type { Db } from '../db/database.ts';
import { redirects, webPaths } from '../db/schema.ts';
import { ORDER_NUMBER } from '../orders/order-number.ts';
import { hasControlChars } from '../util/control-chars.ts';

export type { PageType };

export interface ResolvedPage {
  type: PageType;
  /** The object the page shows: a database id, except ORDER, whose id is the order number of its URL. */
  id: number | string | null;
  status: number;
  location: string | null;
}

const page = (type: PageType, id: number | string | null = null): ResolvedPage => ({
  type,
  id,
  status: 200,
  location: null,
});
const notFound = (): ResolvedPage => ({ type: 'NOT_FOUND', id: null, status: 404, location: null });

function withQuery(location: string, query: string): string {
  if (!query) return location;
  return location.includes('?') ? `${location}&${query}` : `${location}?${query}`;
}

function redirect(target: ResolvedPage | null, location: string, query: string, status = 301): ResolvedPage {
  // type and id describe where the redirect leads, so a client can prefetch it
  return { type: target?.type ?? 'NOT_FOUND', id: target?.id ?? null, status, location: withQuery(location, query) };
}

/** Loose form of a path for finding its canonical spelling: lower case, no trailing slash. */
function loose(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

export class PageRepo {
  constructor(private readonly db: Db) {}

  /**
   * Decides what a URL shows. Exact known paths answer 200; spelling variants (case, trailing
   * slash) and entries of the redirects table answer 301/302 with the canonical location and
   * the query string kept; everything else is 404.
   */
  async resolve(rawPath: string, rawQuery: string, depth = 0): Promise<ResolvedPage> {
    const follow = async (target: string) =>
      depth === 0 && !target.includes('?') ? this.resolve(target, '', 1) : null;
    let path = rawPath;
    let query = rawQuery.replace(/^\?/, '');
    const q = path.indexOf('?');
    if (q >= 0) {
      query = query || path.slice(q + 1);
      path = path.slice(0, q);
    }
    path = path.split('#')[0] ?? '';
    try {
      path = decodeURI(path);
    } catch {
      return notFound();
    }
    // a decoded NUL or control character can name no page (and PostgreSQL rejects NUL in text)
    if (!path.startsWith('/') || path.startsWith('//') || hasControlChars(path)) return notFound();
    // collapsed slashes are a spelling variant too
    const collapsed = path.replace(/\/{2,}/g, '/');

    const staticType = FIXED_PAGES.get(path);
    if (staticType) return page(staticType);
    if (path === '/search/') return page('SEARCH');

    const order = /^\/order\/([^/]{1,40})\/?$/.exec(collapsed);
    if (order && ORDER_NUMBER.test(order[1] as string)) {
      // Any well-formed number is an ORDER page, whether or not such an order exists: without its
      // access key a URL must not tell (that was an existence oracle for enumerating orders). The
      // page asks order(number, key), which answers null alike for a missing order and a wrong key.
      // The number is the page's id, never the database id.
      const number = (order[1] as string).toUpperCase();
      const canonical = `/order/${number}`;
      return path === canonical ? page('ORDER', number) : redirect(page('ORDER', number), canonical, query);
    }

    const w = webPaths;
    const [exact] = await this.db.select({ type: w.type, objectId: w.objectId }).from(w).where(eq(w.path, path));
    if (exact) return page(exact.type, exact.objectId);

    const key = loose(collapsed);
    const staticLoose = FIXED_PAGES.get(key);
    if (staticLoose) return redirect(page(staticLoose), key, query);

    const r = redirects;
    const [moved] = await this.db
      .select({ toPath: r.toPath, status: r.status })
      .from(r)
      .where(or(eq(r.fromPath, path), sql`lower(rtrim(${r.fromPath}, '/')) = ${key}`))
      .orderBy(sql`${r.fromPath} = ${path} DESC`)
      .limit(1);
    // the import refuses off-site targets; a row that reached the table some other way is ignored
    // rather than sent out as an open redirect (or a Location header the host cannot write)
    if (moved && isSitePath(moved.toPath, { ascii: true }))
      return redirect(await follow(moved.toPath), moved.toPath, query, moved.status);

    const [variant] = await this.db.select({ path: w.path, type: w.type, objectId: w.objectId }).from(w).where(eq(w.pathLower, key)).limit(1);
    if (variant) return redirect(page(variant.type, variant.objectId), variant.path, query);
    return notFound();
  }
}

// Every curated link the shop shows leads to a non-empty page, on the small and the large
// generated catalogue: the menu (its «Подборки» included), the search-help modal's examples, the
// hero's and the home page's links. The links are read from where the shop takes them (the API's
// menu, the modal's example list, the home components' source), so a new link is checked too.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_EXAMPLES } from '../../host/src/search/search-examples.ts';
import { seedCatalog } from '../src/catalog/seed.ts';
import { createTestEnv, describeDrivers, type TestEnv } from './test-env.ts';

interface MenuNode {
  name: string;
  href: string;
  children?: MenuNode[];
}

const MENU = /* GraphQL */ `{
  menu { name href children { name href children { name href children { name href } } } }
  categories { name webPath }
  topBrands { name webPath }
}`;

/** `to="/…"` and `href="/…"` literals of the home page's components (hero, sliders, sections). */
function homeSourceLinks(): { label: string; href: string }[] {
  const dir = new URL('../../mf-catalog/src/home/', import.meta.url);
  const out: { label: string; href: string }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const m of text.matchAll(/\b(?:to|href)="(\/[^"]*)"/g)) out.push({ label: `${file}`, href: m[1] as string });
  }
  return out;
}

/** Every link the shop shows as a curated entry point, with where it comes from. */
async function curatedLinks(env: TestEnv): Promise<{ label: string; href: string }[]> {
  const data = await env.data(MENU);
  const links: { label: string; href: string }[] = [];
  const walk = (nodes: MenuNode[], trail: string[]) => {
    for (const n of nodes) {
      if (n.href) links.push({ label: `меню ${[...trail, n.name].join(' → ')}`, href: n.href });
      walk(n.children ?? [], [...trail, n.name]);
    }
  };
  walk(data.menu, []);
  for (const example of SEARCH_EXAMPLES)
    for (const l of example.links) links.push({ label: `подсказка поиска ${example.title}: ${l.label}`, href: l.href });
  links.push(...homeSourceLinks());
  for (const c of data.categories) links.push({ label: `главная: категория ${c.name}`, href: c.webPath });
  for (const b of data.topBrands) links.push({ label: `главная: бренд ${b.name}`, href: b.webPath });
  // an anchor on the same page (#contacts) is not a listing
  return links.filter((l) => !l.href.startsWith('/#'));
}

const COUNT = /* GraphQL */ `
  query Count($scope: ListingScopeInput, $filter: ProductFilterInput) { products(scope: $scope, filter: $filter, limit: 1) { totalCount } }`;
const RESOLVE = /* GraphQL */ `
  query Resolve($path: String!, $query: String) { resolvePage(path: $path, query: $query) { type id status location } }`;

/** How many products the page behind a link lists (1 for a product page, -1 for a page that is not there). */
async function productsBehind(env: TestEnv, href: string, hops = 0): Promise<number> {
  const url = new URL(href, 'https://shop.test');
  const params = url.searchParams;
  if (url.pathname === '/search') {
    const ids = (name: string) => params.get(name)?.split(',').filter(Boolean);
    const num = (name: string) => (params.get(name) ? Number(params.get(name)) : undefined);
    const search = params.get('search')?.trim();
    const res = await env.data(COUNT, {
      scope: search ? { search } : {},
      filter: {
        priceFrom: num('priceFrom'),
        priceTo: num('priceTo'),
        brandIds: ids('brand'),
        categoryIds: ids('category'),
      },
    });
    return res.products.totalCount;
  }
  const page = (await env.data(RESOLVE, { path: url.pathname, query: url.search })).resolvePage;
  if ((page.status === 301 || page.status === 302) && hops < 3) return productsBehind(env, page.location, hops + 1);
  if (page.status !== 200) return -1;
  if (page.type === 'PRODUCT') return 1;
  if (page.type === 'HOME') return 1;
  const scope =
    page.type === 'CATEGORY' ? { categoryId: page.id } : page.type === 'BRAND' ? { brandId: page.id } : null;
  if (!scope) throw new Error(`unexpected page type ${page.type} for ${href}`);
  return (await env.data(COUNT, { scope, filter: {} })).products.totalCount;
}

async function emptyLinks(env: TestEnv) {
  const links = await curatedLinks(env);
  expect(links.length).toBeGreaterThan(30);
  // the sources the issue names are all there
  expect(links.some((l) => l.label.includes('Подборки'))).toBe(true);
  expect(links.some((l) => l.label.startsWith('подсказка поиска'))).toBe(true);
  expect(links.some((l) => l.label.startsWith('hero-slider'))).toBe(true);
  const empty: string[] = [];
  for (const l of links) {
    const n = await productsBehind(env, l.href);
    if (n <= 0) empty.push(`${l.label} (${l.href}): ${n}`);
  }
  return empty;
}

describeDrivers('curated links on the small catalogue', (env) => {
  it('every menu, search-help, hero and home link finds products', async () => {
    expect(await emptyLinks(env())).toEqual([]);
  });
});

// The large catalogue (9,500 products) is loaded once, on PostgreSQL: the links' search words and
// filters are the same code on both drivers, which the small run above checks.
describe('curated links on the large catalogue [postgres]', () => {
  let env: TestEnv | undefined;
  beforeAll(async () => {
    env = await createTestEnv('postgres');
    await seedCatalog(env.database.db, 'large');
    await env.api.refreshCatalogVersion();
  }, 180_000);
  afterAll(async () => {
    await env?.close();
  });

  it('every menu, search-help, hero and home link finds products', async () => {
    expect(await emptyLinks(env as TestEnv)).toEqual([]);
  });
});

// Guards the catalogue import (validation with positions, all-or-nothing) and the generator
// (deterministic, realistic, large set big enough for the benchmark).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../src/catalog/generator.ts';
import { importCatalog, importCatalogFile } from '../src/catalog/import-file.ts';
import { validateCatalog } from '../src/catalog/validate-catalog.ts';
import { loadConfig } from '../src/config.ts';
import { rows } from '../src/db/database.ts';
import { describeDrivers } from './test-env.ts';

const small = () => JSON.parse(JSON.stringify(generateCatalog('small')));

describe('catalogue generator', () => {
  it('is deterministic and realistic', () => {
    const a = generateCatalog('small');
    expect(JSON.stringify(generateCatalog('small'))).toBe(JSON.stringify(a));
    expect(a.brands.map((b) => b.name)).toEqual(expect.arrayContaining(['Nike', 'Adidas', 'New Balance', 'Jordan', 'Salomon', 'The North Face', 'Stone Island', 'Carhartt WIP', 'Li-Ning', 'Anta']));
    expect(a.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Кроссовки', 'Кеды', 'Ботинки', 'Худи', 'Футболки', 'Куртки']));
    const offers = a.models.flatMap((m) => m.variants.flatMap((v) => v.offers));
    expect(offers.length).toBeGreaterThan(300);
    expect(offers.length).toBeLessThan(1500);
    expect(offers.some((o) => o.stock === 0)).toBe(true);
    for (const o of offers) expect(Number.isInteger(o.price) && o.price >= 990 && o.price <= 80_000).toBe(true);
    expect(a.models.every((m) => m.variants.every((v) => (v.photos ?? []).length >= 3))).toBe(true);
  });

  it('has at least 50,000 offers in the large set', () => {
    const large = generateCatalog('large');
    expect(large.models.flatMap((m) => m.variants.flatMap((v) => v.offers)).length).toBeGreaterThanOrEqual(50_000);
  });
});

describeDrivers('catalogue import', (env) => {
  const totals = async () => (await env().data('{ products { totalCount } brands { totalCount } categories { id } }'));

  it('reports every bad row with its position and reason, and changes nothing', async () => {
    const before = await totals();
    const bad = small();
    bad.models[3].variants[0].offers[1].price = -5;
    bad.models[4].brand = 'no-such-brand';
    bad.models[5].variants[0].path = '/Product/UPPER/';
    bad.models[6].variants[0].sku = bad.models[7].variants[0].sku;
    bad.categories[2].parent = 'ghost';
    delete bad.brands[1].name;
    bad.models.push({ ...bad.models[0], key: 'copy' });
    const result = await importCatalog(env().database.db, bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // shape problems come first; fixing them reveals the reference problems
    const positions = result.problems.map((p) => p.position);
    expect(positions).toEqual(expect.arrayContaining(['models[3].variants[0].offers[1].price', 'models[5].variants[0].path', 'brands[1].name']));
    for (const p of result.problems) expect(p.message.length).toBeGreaterThan(3);
    expect(await totals()).toEqual(before);

    const refs = small();
    refs.models[4].brand = 'no-such-brand';
    refs.models[6].variants[0].sku = refs.models[7].variants[0].sku;
    refs.categories[2].parent = 'ghost';
    refs.models.push({ ...refs.models[0], key: 'copy' });
    const second = await importCatalog(env().database.db, refs);
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.problems.map((p) => p.position)).toEqual(
      expect.arrayContaining(['models[4].brand', 'models[7].variants[0].sku', 'categories[2].parent', `models[${refs.models.length - 1}].variants[0].path`]),
    );
    expect(second.problems.find((p) => p.position === 'models[4].brand')?.message).toContain('no-such-brand');
    expect(await totals()).toEqual(before);
  });

  it('refuses a size chart for an unknown category or brand, or with a row of another width', () => {
    const data = small();
    data.sizeCharts = [
      { category: 'no-such', title: 'Т', columns: ['RU'], rows: [{ size: '42', values: ['42'] }] },
      { category: 'obuv', brand: 'no-such', title: 'Т', columns: ['RU'], rows: [{ size: '42', values: ['42'] }] },
      { category: 'odezhda', title: 'Т', columns: ['RU', 'EU'], rows: [{ size: 'M', values: ['48'] }] },
    ];
    const result = validateCatalog(data);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((p) => p.position)).toEqual(['sizeCharts[0].category', 'sizeCharts[1].brand', 'sizeCharts[2].rows[0]']);
  });

  it('gives the line of each bad row in a JSON file', async () => {
    const bad = small();
    bad.models[1].variants[0].offers[2].price = 'дорого';
    delete bad.brands[3].path;
    const text = JSON.stringify(bad, null, 2);
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    writeFileSync(join(dir, 'bad.json'), text);
    const result = await importCatalogFile(env().database.db, join(dir, 'bad.json'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = text.split('\n');
    const price = result.problems.find((p) => p.position === 'models[1].variants[0].offers[2].price');
    expect(lines[(price?.line ?? 0) - 1]).toContain('"price": "дорого"');
    const path = result.problems.find((p) => p.position === 'brands[3].path');
    // a missing key points at the start of its record
    expect(lines[(path?.line ?? 0) - 1]?.trim()).toBe('{');
    expect(lines[path?.line ?? 0]).toContain('"key": "puma"');
  });

  it('rejects unreadable files and invalid JSON with a clear reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    writeFileSync(join(dir, 'broken.json'), '{"categories": [');
    const broken = await importCatalogFile(env().database.db, join(dir, 'broken.json'));
    expect(broken).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining('JSON') }] });
    const missing = await importCatalogFile(env().database.db, join(dir, 'missing.json'));
    expect(missing.ok).toBe(false);
  });

  it('imports a valid file in full, replacing the catalogue', async () => {
    const data = small();
    data.models = data.models.slice(0, 5);
    data.brands[0].name = 'Nike (импорт)';
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify(data));
    const result = await importCatalogFile(env().database.db, join(dir, 'ok.json'));
    expect(result.ok).toBe(true);
    await env().api.refreshCatalogVersion();
    const after = await totals();
    const variants = data.models.reduce((n: number, m: { variants: unknown[] }) => n + m.variants.length, 0);
    expect(after.products.totalCount).toBe(variants);
    expect((await env().data('{ brand(id: "1") { name } }')).brand.name).toBe('Nike (импорт)');
    const search = await env().data('{ products(scope: { search: "найк" }) { totalCount } }');
    expect(search.products.totalCount).toBeGreaterThanOrEqual(0);
  });
});

describe('import command', () => {
  it('prints every problem with its position and exits non-zero', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
    const bad = small();
    bad.models[2].variants[0].offers[0].stock = -1;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad, null, 2));
    let out = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/import.ts', join(dir, 'bad.json')], {
        cwd: join(import.meta.dirname, '..'),
        env: { ...process.env, PGLITE_DIR: join(dir, 'db'), DATABASE_URL: '' },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      code = err.status;
      out = err.stderr;
    }
    expect(code).toBe(1);
    const line = JSON.stringify(bad, null, 2).split('\n').findIndex((l) => l.includes('"stock": -1')) + 1;
    expect(out).toContain(`line ${line}, models[2].variants[0].offers[0].stock`);
    expect(out).toContain('not changed');
  });
});

// D10: what an import file could do to shoppers. Every hostile value is refused at its own
// position (shape problems are all reported in one pass), and database values that got in
// some other way never become off-site links or broken absolute URLs.
describe('catalogue import refuses what would hurt shoppers', () => {
  const problemsOf = (data: unknown, imageHosts: string[] = []) => {
    const result = validateCatalog(data, { imageHosts });
    return result.ok ? [] : result.problems;
  };
  const refusedAt = (data: unknown, position: string, imageHosts: string[] = []) => {
    const problem = problemsOf(data, imageHosts).find((p) => p.position === position);
    expect(problem, `${position} should be refused`).toBeDefined();
    expect(problem?.message).toMatch(/[а-яё]/i);
    return problem;
  };

  const offSite = [
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/\\/evil.example',
    'https://other.example/',
    'HTTP://other.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/catalog\\..\\evil',
    '/ok\npath',
    '/ok\tpath',
    '/ok%0d%0aSet-Cookie:%20a=b',
    ' /leading-space',
    '/\u202eevil',
    '/zero\u200bwidth',
    'javascript:alert(document.domain)',
    'jAvAsCrIpT:alert(1)',
    'data:text/html,<b>x</b>',
    '/%zz',
    '',
  ];

  it('refuses redirect targets that leave the site or cannot be a Location header, each at its row', () => {
    const data = small();
    data.redirects = offSite.map((to, i) => ({ from: `/old-${i}`, to, status: 301 }));
    data.redirects.push({ from: '/cyrillic', to: '/каталог', status: 301 });
    for (let i = 0; i < offSite.length; i++) refusedAt(data, `redirects[${i}].to`);
    refusedAt(data, `redirects[${offSite.length}].to`);
    const ok = small();
    ok.redirects = [
      { from: '/a', to: '/catalog/obuv' },
      { from: '/b', to: '/search?search=%D0%B1%D0%B5%D0%BB%D1%8B%D0%B5%20x&page=2' },
      { from: '/c', to: '/brands/nike#top' },
    ];
    expect(problemsOf(ok)).toEqual([]);
  });

  it('refuses menu links that leave the site, at any depth and in panels', () => {
    const data = small();
    const hrefs = ['javascript:alert(1)', 'https://other.example/sale', '//evil.example', '/\\evil.example', 'mailto:a@b.ru', '/%2F%2Fevil', 'catalog/obuv'];
    data.menus.push(...hrefs.map((href, i) => ({ name: `Ссылка ${i}`, href, type: 'link' })));
    data.menus[1].children[0].children[0].href = '//evil.example/deep';
    data.menus[1].panel.href = 'javascript:void(0)';
    const base = data.menus.length - hrefs.length;
    for (let i = 0; i < hrefs.length; i++) refusedAt(data, `menus[${base + i}].href`);
    refusedAt(data, 'menus[1].children[0].children[0].href');
    refusedAt(data, 'menus[1].panel.href');
    // the generator's own links (a fragment, an unencoded Cyrillic query, %20) stay valid
    expect(problemsOf(small())).toEqual([]);
  });

  it('accepts images only under the images route or on a configured https image host', () => {
    const bad = [
      'javascript:alert(3)',
      'img/x.jpg',
      '/img/x.jpg',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '/api/images/a b.svg',
      '/api/images/x.svg\n',
      '/api/images/../ops/registry',
      '/api/images/%2e%2e/%2e%2e/ops/registry',
      '/api/images//evil.example/x.svg',
      '//cdn.example.ru/x.jpg',
      'http://cdn.example.ru/x.jpg',
      'https://evil.example/x.jpg',
      'https://cdn.example.ru.evil.example/x.jpg',
      'https://user:pw@cdn.example.ru/x.jpg',
      'https://cdn.example.ru/x y.jpg',
      'https://cdn.example.ru/x.jpg"onerror="alert(1)',
      'https://cdn.example.ru\\@evil.example/x.jpg',
    ];
    const data = small();
    data.models[0].variants[0].photos = bad.map((url) => ({ url, width: 800, height: 800 }));
    data.categories[0].image.url = 'img/category.jpg';
    data.brands[0].logo.url = 'javascript:alert(1)';
    data.menus[1].panel.image.url = 'https://evil.example/panel.jpg';
    for (let i = 0; i < bad.length; i++) refusedAt(data, `models[0].variants[0].photos[${i}].url`, ['cdn.example.ru']);
    refusedAt(data, 'categories[0].image.url', ['cdn.example.ru']);
    refusedAt(data, 'brands[0].logo.url', ['cdn.example.ru']);
    refusedAt(data, 'menus[1].panel.image.url', ['cdn.example.ru']);

    const external = small();
    external.models[0].variants[0].photos[0].url = 'https://cdn.example.ru/p/dd8959-100-1.jpg?w=800';
    external.models[0].variants[0].photos[1].url = 'https://img.example.ru:8443/p/2.jpg';
    expect(problemsOf(external, ['cdn.example.ru', 'img.example.ru:8443'])).toEqual([]);
    // without a configured host, the same file is refused
    refusedAt(external, 'models[0].variants[0].photos[0].url');
  });

  it('refuses HTML where plain text is expected, naming the field and row', () => {
    const data = small();
    data.models[1].name = 'Кроссовки <img src=x onerror=alert(1)>';
    data.models[2].description = 'Отличная пара.</script><script>alert(1)</script>';
    data.models[3].text = '<!-- комментарий -->';
    data.models[4].attributes[0].text = '<svg/onload=alert(1)>';
    data.models[4].attributes[1].title = '<b>Страна</b>';
    data.models[5].variants[0].color = '<i>красный</i>';
    data.models[6].variants[0].offers[0].size = '<u>42</u>';
    data.models[7].variants[0].properties.gender = ['<a href=//evil>мужской</a>'];
    data.categories[1].description = '<?xml version="1.0"?>';
    data.brands[2].heading = 'Найк</title><script>alert(1)</script>';
    data.brands[3].aliases = ['найк', '<style>*{display:none}</style>'];
    data.menus[0].name = '<marquee>Новинки</marquee>';
    data.properties[1].title = '<h1>Цвет</h1>';
    data.models[8].name = 'Имя\u0000с NUL';
    const problems = problemsOf(data);
    for (const position of [
      'models[1].name',
      'models[2].description',
      'models[3].text',
      'models[4].attributes[0].text',
      'models[4].attributes[1].title',
      'models[5].variants[0].color',
      'models[6].variants[0].offers[0].size',
      'models[7].variants[0].properties.gender[0]',
      'categories[1].description',
      'brands[2].heading',
      'brands[3].aliases[1]',
      'menus[0].name',
      'properties[1].title',
      'models[8].name',
    ]) {
      expect(problems.find((p) => p.position === position)?.message, position).toMatch(/HTML|управляющие/);
    }
    // comparisons and other lone angle brackets are ordinary text
    const fine = small();
    fine.models[0].description = 'Размер < 42 подойдёт, если стопа > 26 см; 3<5, а -> стрелка.\nВторая строка.';
    fine.models[0].name = 'Кроссовки «Nike» <3';
    expect(problemsOf(fine)).toEqual([]);
  });

  it('keeps the shipped generator catalogues valid, small and large', () => {
    expect(validateCatalog(generateCatalog('small'))).toMatchObject({ ok: true });
    expect(validateCatalog(generateCatalog('large'))).toMatchObject({ ok: true });
  });

  it('reads external image hosts from CATALOG_IMAGE_HOSTS and refuses a malformed list', () => {
    expect(loadConfig({ CATALOG_IMAGE_HOSTS: 'cdn.example.ru, img.example.ru:8443' }).catalogImageHosts).toEqual(['cdn.example.ru', 'img.example.ru:8443']);
    expect(loadConfig({}).catalogImageHosts).toEqual([]);
    expect(() => loadConfig({ CATALOG_IMAGE_HOSTS: 'https://cdn.example.ru' })).toThrow(/CATALOG_IMAGE_HOSTS/);
    expect(() => loadConfig({ CATALOG_IMAGE_HOSTS: 'evil.example/x' })).toThrow(/CATALOG_IMAGE_HOSTS/);
  });
});

describeDrivers('hostile catalogue rows', (env) => {
  const totals = async () => env().data('{ products { totalCount } brands { totalCount } categories { id } menu { name } }');

  it('refuses a file mixing every class of hostile row with each position, and changes nothing', async () => {
    const before = await totals();
    const bad = small();
    bad.redirects.push({ from: '/go-away', to: '//evil.example/phish' });
    bad.menus.push({ name: 'Акция', href: 'https://other.example', type: 'link' });
    bad.models[0].variants[0].photos[0].url = 'img/x.jpg';
    bad.models[1].name = '</script><script>alert(1)</script>';
    const result = await importCatalog(env().database.db, bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.position)).toEqual(
      expect.arrayContaining([`redirects[${bad.redirects.length - 1}].to`, `menus[${bad.menus.length - 1}].href`, 'models[0].variants[0].photos[0].url', 'models[1].name']),
    );
    expect(await totals()).toEqual(before);
    // the shipped catalogue itself still imports
    expect(await importCatalog(env().database.db, small())).toMatchObject({ ok: true });
  });

  it('never glues an unsafe database value into an absolute URL or sends an off-site redirect', async () => {
    const db = env().database.db;
    // rows that bypassed the import (an older import, a hand edit, another tool)
    const [product] = await rows<{ id: number; web_path: string }>(db, sql`SELECT id, web_path FROM products ORDER BY id LIMIT 1`);
    if (!product) throw new Error('no product');
    const photoIds = await rows<{ id: number }>(db, sql`SELECT id FROM photos WHERE product_id = ${product.id} ORDER BY id`);
    const hostile = ['javascript:alert(3)', 'img/x.jpg', '//evil.example/x.jpg'];
    for (const [i, url] of hostile.entries()) await db.execute(sql`UPDATE photos SET url = ${url} WHERE id = ${photoIds[i]?.id ?? -1}`);
    await db.execute(sql`UPDATE categories SET image_url = '/\\evil.example/c.jpg' WHERE id = 2`);
    await db.execute(sql`INSERT INTO redirects (from_path, to_path, status) VALUES ('/go-away', '//evil.example/phish', 301), ('/go-back', '/\\evil.example', 302)`);
    await env().api.refreshCatalogVersion();

    const d = await env().data(`{ pageMeta(type: PRODUCT, id: "${product.id}") { canonical ogImages { fullpath } jsonLd }
      category: pageMeta(type: CATEGORY, id: "2") { canonical ogImages { fullpath } } }`);
    const urls = [d.pageMeta.canonical, ...d.pageMeta.ogImages.map((i: { fullpath: string }) => i.fullpath), ...JSON.parse(d.pageMeta.jsonLd).image, d.category.canonical];
    expect(d.pageMeta.ogImages.length).toBe(photoIds.length - hostile.length);
    expect(d.category.ogImages).toEqual([]);
    for (const url of urls) {
      expect(new URL(url).origin).toBe('https://shop.test');
      expect(url).not.toMatch(/javascript|evil/);
    }
    for (const path of ['/go-away', '/go-back']) {
      const page = (await env().data(`query($p: String!) { resolvePage(path: $p) { status location } }`, { p: path })).resolvePage;
      expect(page).toEqual({ status: 404, location: null });
    }
  });
});

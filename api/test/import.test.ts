// Guards the catalogue import (validation with positions, all-or-nothing) and the generator
// (deterministic, realistic, large set big enough for the benchmark).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../src/catalog/generator.ts';
import { importCatalog, importCatalogFile } from '../src/catalog/import-file.ts';
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

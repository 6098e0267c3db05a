/**
 * Broken catalogue files fed to the real import command (`npm run import -w @shop/api`): each
 * must be refused with its problem named, and the catalogue in the database must be exactly
 * what it was before.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateCatalog } from '@shop/api';
import { ROOT } from '../../scripts/lib/stack.ts';
import type { Query } from './verify.ts';

export interface ImportCase {
  name: string;
  /** what the refusal must mention (each one) */
  expect: RegExp[];
  build(): string;
}

const fresh = (): any => JSON.parse(JSON.stringify(generateCatalog('small')));

export const IMPORT_CASES: ImportCase[] = [
  {
    name: 'bad JSON (the file cut off in the middle)',
    expect: [/JSON/],
    build: () => JSON.stringify(fresh()).slice(0, 50_000),
  },
  {
    name: 'missing fields (a model name, an offer price, a category path)',
    expect: [/models\[0\]\.name/, /models\[1\]\.variants\[0\]\.offers\[0\]\.price/, /categories\[0\]\.path/],
    build: () => {
      const c = fresh();
      delete c.models[0].name;
      delete c.models[1].variants[0].offers[0].price;
      delete c.categories[0].path;
      return JSON.stringify(c, null, 1);
    },
  },
  {
    name: 'wrong types (a price as text, negative stock, photos not a list, a flag as text)',
    expect: [/models\[0\]\.variants\[0\]\.offers\[0\]\.price/, /models\[0\]\.variants\[0\]\.offers\[1\]\.stock/, /models\[2\]\.variants\[0\]\.photos/, /brands\[0\]\.onMainPage/],
    build: () => {
      const c = fresh();
      c.models[0].variants[0].offers[0].price = '12 990 ₽';
      c.models[0].variants[0].offers[1].stock = -1;
      c.models[2].variants[0].photos = 'photo.jpg';
      c.brands[0].onMainPage = 'yes';
      return JSON.stringify(c, null, 1);
    },
  },
  {
    name: 'duplicate ids (a model key, an offer sku, a variant path, a brand key)',
    expect: [/models\[1\].*повторяется/, /offers\[0\]\.sku.*повторяется/, /variants\[0\]\.path.*повторяется/, /brands\[1\].*повторяется/],
    build: () => {
      const c = fresh();
      c.models[1].key = c.models[0].key;
      c.models[3].variants[0].offers[0].sku = c.models[2].variants[0].offers[0].sku;
      c.models[5].variants[0].path = c.models[4].variants[0].path;
      c.brands[1].key = c.brands[0].key;
      return JSON.stringify(c, null, 1);
    },
  },
  {
    name: 'broken references (a reference to nothing, a parent cycle)',
    expect: [/models\[0\]\.brand/, /categor/],
    build: () => {
      const c = fresh();
      c.models[0].brand = 'no-such-brand';
      const [a, b] = c.categories.filter((x: { parent?: string }) => x.parent);
      if (a && b) {
        a.parent = b.key;
        b.parent = a.key;
      }
      return JSON.stringify(c, null, 1);
    },
  },
  {
    // D10: values that would reach shoppers as markup, off-site links or broken pages
    name: 'hostile values (script in a name, an off-site redirect, a relative and a javascript: image, an external menu link)',
    expect: [/models\[1\]\.name/, /redirects\[\d+\]\.to/, /models\[0\]\.variants\[0\]\.photos\[0\]\.url/, /brands\[0\]\.logo\.url/, /menus\[\d+\]\.href/],
    build: () => {
      const c = fresh();
      c.models[1].name = '<script>alert(1)</script>';
      c.redirects.push({ from: '/go-away', to: '/%2F%2Fevil.example/phish', status: 301 });
      c.models[0].variants[0].photos[0].url = 'img/x.jpg';
      c.brands[0].logo.url = 'javascript:alert(3)';
      c.menus.push({ name: 'Акция', href: '//evil.example/sale', type: 'link' });
      return JSON.stringify(c, null, 1);
    },
  },
  {
    name: 'a 100 MB file (the catalogue with 100 MB of descriptions)',
    expect: [/description/],
    build: () => {
      const c = fresh();
      // every model gets an equal share of 100 MB of Cyrillic (2 bytes each in UTF-8)
      const pad = 'я'.repeat(Math.ceil(100_000_000 / c.models.length / 2));
      for (const model of c.models) (model as { description: string }).description = pad;
      return JSON.stringify(c);
    },
  },
];

export interface ImportOutcome {
  name: string;
  bytes: number;
  exitCode: number | null;
  refused: boolean;
  problemsReported: number;
  named: boolean;
  missingMentions: string[];
  catalogueUntouched: boolean;
  durationMs: number;
  firstLines: string[];
}

export async function catalogueFingerprint(q: Query): Promise<string> {
  const [r] = await q<{ f: string }>(
    `SELECT (SELECT count(*) FROM products) || '/' || (SELECT count(*) FROM offers) || '/' || (SELECT count(*) FROM categories) || '/' ||
            (SELECT count(*) FROM brands) || '/' || (SELECT md5(string_agg(o.sku || ':' || o.price || ':' || o.stock, ',' ORDER BY o.id)) FROM offers o) || '/' ||
            (SELECT md5(string_agg(p.name, ',' ORDER BY p.id)) FROM products p) AS f`,
  );
  return r?.f ?? '';
}

function runImport(file: string, databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/import.ts', file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, INIT_CWD: ROOT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export async function runImportFaults(databaseUrl: string, q: Query, dir: string, log: (s: string) => void): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const c of IMPORT_CASES) {
    const file = path.join(dir, `import-${outcomes.length + 1}.json`);
    const text = c.build();
    writeFileSync(file, text);
    const bytes = Buffer.byteLength(text);
    const before = await catalogueFingerprint(q);
    const started = Date.now();
    const { code, output } = await runImport(file, databaseUrl);
    const after = await catalogueFingerprint(q);
    const lines = output.split('\n').filter((l) => l.trim() && !/npm warn/.test(l));
    const missing = c.expect.filter((re) => !re.test(output)).map(String);
    const outcome: ImportOutcome = {
      name: c.name,
      bytes,
      exitCode: code,
      refused: code !== 0 && /Import rejected|rejected|отклон/i.test(output),
      problemsReported: Number(/(\d+) problem/.exec(output)?.[1] ?? 0),
      named: missing.length === 0,
      missingMentions: missing,
      catalogueUntouched: before === after && before !== '',
      durationMs: Date.now() - started,
      firstLines: lines.slice(0, 8).map((l) => l.slice(0, 300)),
    };
    outcomes.push(outcome);
    log(`  import «${c.name}» (${(bytes / 1e6).toFixed(1)} MB): exit ${code}, ${outcome.problemsReported} problem(s), named ${outcome.named}, untouched ${outcome.catalogueUntouched}`);
  }
  return outcomes;
}

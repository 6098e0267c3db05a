// The promise of README «A new page»: a new exposed page is a row in the remotes table, a row in
// the page-type table and the page file, and nothing else. This test makes a throwaway copy of
// @shop/contracts with those two rows added (a remote `mf_scratch` exposing `ScratchPage`, and a
// page type TEST_SCRATCH at the fixed path /test-scratch), puts the page file (scripts/fixtures/new-page)
// in a throwaway remote folder, and shows every place derived from the tables picking it up with
// no other edit: a real rspack build through createConfig, the release check, the host's page
// view and server preloads, the API's schema, path resolution and page head, the start scripts
// and codegen's generated files.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_TYPES, type PageType, pageView } from '@shop/contracts/pages';
import { EXPOSED_MODULES, REMOTES } from '@shop/contracts/remotes';
import { rspack } from '@rspack/core';
import { Kind, parse } from 'graphql';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@shop/api';
import { typeDefs } from '../api/src/graphql/type-defs.ts';
import { buildPageMeta } from '../api/src/repo/page-meta.ts';
import { PageRepo } from '../api/src/repo/page-repo.ts';
import { pagePreloads, type RemoteManifest } from '../host/server/preload.ts';
import { createConfig } from '../rspack.base.ts';
import { contractSource } from './codegen/remote-modules.ts';
import { REMOTES as STACK_REMOTES, portsFromEnv } from './lib/stack.ts';
import { compareManifests } from './remotes/check-candidate.ts';

/** The throwaway copy: contracts/src with the two new rows, and the new remote's folder. */
const fixture = await vi.hoisted(async () => {
  const { cpSync, mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
  const { default: path } = await import('node:path');
  const root = path.resolve(import.meta.dirname, '..');
  const base = path.join(root, '.run', `new-page-${process.pid}`);
  const remoteDir = path.relative(root, path.join(base, 'mf-scratch'));
  const contracts = path.join(base, 'contracts');
  mkdirSync(contracts, { recursive: true });
  for (const file of ['remotes.ts', 'pages.ts'])
    cpSync(path.join(root, 'contracts', 'src', file), path.join(contracts, file));
  /** Inserts `row` before the line `anchor` of a table file; fails when the anchor is gone. */
  const addRow = (file: string, anchor: string, row: string) => {
    const text = readFileSync(path.join(contracts, file), 'utf8');
    if (!text.includes(anchor)) throw new Error(`contracts/src/${file} no longer has «${anchor}»: update this test`);
    writeFileSync(path.join(contracts, file), text.replace(anchor, `${row}\n${anchor}`));
  };
  // the remotes table's new row: its folder, ports and the exposed page
  addRow(
    'remotes.ts',
    '} as const satisfies Record<',
    `  mf_scratch: {
    dir: ${JSON.stringify(remoteDir)},
    port: 3009,
    devPort: 3109,
    team: 'проверка',
    exposes: {
      ScratchPage: exposed('./src/pages/scratch-page.tsx'),
    },
  },`,
  );
  // the page-type table's new row: a page type at a fixed path, with its head
  addRow(
    'pages.ts',
    "  NOT_FOUND: { module: null, props: 'none' },",
    `  TEST_SCRATCH: {
    module: 'mf_scratch/ScratchPage',
    props: 'none',
    fixed: { path: '/test-scratch', title: 'Черновая страница', description: 'Страница, которую добавляет только этот тест.', robots: 'noindex, nofollow' },
  },`,
  );
  return { root, base, remoteDir, contracts };
});

vi.mock('@shop/contracts/remotes', () => import(path.join(fixture.contracts, 'remotes.ts')));
vi.mock('@shop/contracts/pages', () => import(path.join(fixture.contracts, 'pages.ts')));

afterAll(() => rmSync(fixture.base, { recursive: true, force: true }));

const MODULE = 'mf_scratch/ScratchPage';

/** The new remote's folder: the page file, and what every remote folder has (package.json, codegen's manifest). */
function writeRemoteFolder(): string {
  const dir = path.join(fixture.root, fixture.remoteDir);
  mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  cpSync(
    path.join(import.meta.dirname, 'fixtures', 'new-page', 'scratch-page.tsx'),
    path.join(dir, 'src', 'pages', 'scratch-page.tsx'),
  );
  // a remote depends on the federation singletons (rspack.base.ts sharedConfig): the same ranges as mf-product
  const { dependencies } = JSON.parse(readFileSync(path.join(fixture.root, 'mf-product', 'package.json'), 'utf8'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: '@shop/mf-scratch', version: '0.0.1', private: true, type: 'module', dependencies }),
  );
  mkdirSync(path.join(dir, 'src', 'graphql'), { recursive: true });
  writeFileSync(
    path.join(dir, 'src', 'graphql', 'persisted-operations.json'),
    JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, app: 'mf-scratch', operations: [] }),
  );
  return dir;
}

function build(config: ReturnType<typeof createConfig>): Promise<void> {
  return new Promise((resolve, reject) =>
    rspack(config).run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

/**
 * tsc over the new remote's generated contract check (what `npm run codegen` writes into its
 * src/), with @shop/contracts pointing at the throwaway copy. Returns tsc's output, or '' when clean.
 */
function typecheckContract(dir: string): string {
  const row = (REMOTES as Record<string, (typeof REMOTES)[keyof typeof REMOTES]>).mf_scratch!;
  writeFileSync(path.join(dir, 'src', 'contract.generated.ts'), contractSource('mf_scratch', row));
  const tsconfig = path.join(fixture.base, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.join(fixture.root, 'tsconfig.base.json'),
      compilerOptions: {
        types: [],
        paths: {
          '@shop/contracts/remotes': ['./contracts/remotes.ts'],
          '@shop/contracts/pages': ['./contracts/pages.ts'],
        },
      },
      files: [path.join(dir, 'src', 'contract.generated.ts')],
    }),
  );
  const tsc = spawnSync(path.join(fixture.root, 'node_modules', '.bin', 'tsc'), ['-p', tsconfig], { encoding: 'utf8' });
  return tsc.status === 0 ? '' : `${tsc.stdout}${tsc.stderr}` || `tsc exited with ${tsc.status}`;
}

describe('a new exposed page: a row in each contracts table and the page file, nothing else', () => {
  it('the copy of the tables has the new rows (and the real tables do not)', () => {
    expect(EXPOSED_MODULES).toContain(MODULE);
    expect(PAGE_TYPES).toContain('TEST_SCRATCH');
    expect(readFileSync(path.join(fixture.root, 'contracts', 'src', 'pages.ts'), 'utf8')).not.toContain('TEST_SCRATCH');
  });

  it('the remote builds it: rspack through createConfig exposes it and its manifest lists it; the release check requires it', async () => {
    const dir = writeRemoteFolder();
    const config = createConfig({ name: 'mf_scratch', kind: 'remote', dir }, { mode: 'development' });
    await build(config);
    const manifest = JSON.parse(readFileSync(path.join(config.output!.path!, 'mf-manifest.json'), 'utf8')) as {
      name: string;
      exposes: { name: string; path: string }[];
      shared: { name: string; version: string }[];
    } & RemoteManifest;
    expect(manifest.name).toBe('mf_scratch');
    expect(manifest.exposes.map((e) => e.name)).toEqual(['ScratchPage']);
    // the release check requires the table's modules of the remote: this build has them, one
    // without the page is refused (its other complaints are the singletons this one-file page never imports)
    const exposeProblems = (candidate: typeof manifest) =>
      compareManifests('mf_scratch', candidate, manifest).filter((problem) => problem.includes('модул'));
    expect(exposeProblems(manifest)).toEqual([]);
    expect(exposeProblems({ ...manifest, exposes: [] })).toEqual([
      'нет модуля ScratchPage, который по таблице контрактов использует хост',
    ]);
    // the host server preloads the built page's files for a TEST_SCRATCH page
    const manifestUrl = 'http://localhost:3009/0.0.1-1/mf-manifest.json';
    const { tags } = await pagePreloads({
      pageType: 'TEST_SCRATCH',
      registry: { mf_scratch: manifestUrl },
      host: { scripts: [], styles: [] },
      readManifest: async () => manifest,
    });
    expect(tags).toContain('href="http://localhost:3009/0.0.1-1/remoteEntry.js"');
    expect(tags).toMatch(/__federation_expose_ScratchPage[^"]*\.js"/);
  }, 30_000);

  it("tsc checks the page file against its row's props through the generated contract check", () => {
    const dir = writeRemoteFolder();
    expect(typecheckContract(dir)).toBe('');
    // the same file wanting a prop its row does not give fails, in the generated check
    const page = path.join(dir, 'src', 'pages', 'scratch-page.tsx');
    writeFileSync(page, 'export default function ScratchPage({ id }: { id: string }) {\n  return <h1>{id}</h1>;\n}\n');
    expect(typecheckContract(dir)).toMatch(/contract\.generated\.ts.*error TS2322/);
    writeRemoteFolder();
  }, 30_000);

  it("the host's router shows it for the page type", () => {
    // host/src/routing/page-view.ts re-exports this pageView for the router, prefetch and the server
    expect(pageView({ type: 'TEST_SCRATCH', id: null })).toEqual({ module: MODULE, props: {} });
  });

  it("the API prints it into the schema's PageType, resolves its fixed path and writes its head", async () => {
    const pageType = parse(typeDefs).definitions.find(
      (d) => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === 'PageType',
    );
    expect(pageType?.kind === Kind.ENUM_TYPE_DEFINITION && pageType.values?.map((v) => v.name.value)).toEqual(
      PAGE_TYPES,
    );
    // a fixed path is resolved without the database
    const noDb = new Proxy({} as Db, {
      get: () => {
        throw new Error('a fixed path must not reach the database');
      },
    });
    const pages = new PageRepo(noDb);
    expect(await pages.resolve('/test-scratch', '')).toEqual({
      type: 'TEST_SCRATCH',
      id: null,
      status: 200,
      location: null,
    });
    const meta = await buildPageMeta(
      {} as Parameters<typeof buildPageMeta>[0],
      'https://shop.example',
      'Магазин',
      'TEST_SCRATCH' as PageType,
      null,
      '',
    );
    expect(meta).toMatchObject({
      title: 'Черновая страница | Магазин',
      canonical: 'https://shop.example/test-scratch',
      robots: 'noindex, nofollow',
    });
  });

  it('the start scripts serve the remote on its port; codegen writes its contract check', () => {
    expect(STACK_REMOTES).toContainEqual({
      name: 'mf_scratch',
      dir: fixture.remoteDir,
      portVar: 'MF_SCRATCH_PORT',
      defaultPort: 3009,
    });
    expect((portsFromEnv({}) as Record<string, number>).mf_scratch).toBe(3009);
    const row = (REMOTES as Record<string, (typeof REMOTES)[keyof typeof REMOTES]>).mf_scratch!;
    const contract = contractSource('mf_scratch', row);
    expect(contract).toContain("import ScratchPage from './pages/scratch-page.tsx';");
    expect(contract).toContain(`'${MODULE}': ScratchPage,`);
  });
});

// The import rules (.dependency-cruiser.cjs: docs/architecture.md «What may each package import», api/README.md
// «Layers») refuse what they promise to: probe files with one import per line are cruised in a
// scratch copy of the repository's shape, and exactly the refused imports must be reported. The
// same for the browser globals biome.json refuses in Node code.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, REMOTES } from '@shop/contracts/remotes';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', 'depcruise');

/** JSON files that may carry whole-line `//` comments. */
const readJson = <T>(file: string): T =>
  JSON.parse(
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n'),
  ) as T;

// [file, import, refused]: one import per line of the probe file
const PROBES: [string, string, boolean][] = [
  // deep imports between packages
  ['e2e/faults/probe.ts', '../../api/src/catalog/generator.ts', true],
  ['e2e/faults/probe.ts', '@shop/api', false],
  ['e2e/faults/probe.ts', '@shop/api/src/index.ts', true],
  ['e2e/faults/probe.ts', '@shop/mf-shared/persisted-document', false],
  ['e2e/faults/probe.ts', '@shop/mf-shared/src/index.ts', true],
  ['e2e/faults/probe.ts', '@shop/contracts/remotes', false],
  ['e2e/faults/probe.ts', '../../mf-catalog/src/report.ts', true],
  ['e2e/support/probe.ts', '../../host/src/app.tsx', true],
  ['e2e/support/probe.ts', '../../scripts/lib/stack.ts', false],
  ['host/server/probe.ts', '../../mf-shared/src/apollo/persisted-document.ts', true],
  ['api/src/http/probe.ts', '../../../contracts/src/pages.ts', true],
  ['contracts/src/probe.ts', '@shop/mf-shared', true],
  ['contracts/src/probe.ts', 'zod', false],
  // the services' kit: through its one entry, under the services, never in the browser
  ['api/src/http/probe.ts', '@shop/server-kit', false],
  ['release/src/http/probe.ts', '@shop/server-kit', false],
  ['release/src/http/probe.ts', '../../../server-kit/src/rate-limit.ts', true],
  ['server-kit/src/probe.ts', '@shop/contracts/errors', false],
  ['server-kit/src/probe.ts', '@shop/api', true],
  ['server-kit/src/probe.ts', '@shop/release', true],
  ['host/src/probe.ts', '@shop/server-kit', true],
  ['mf-shared/src/ui/probe.ts', '@shop/server-kit', true],
  ['mf-shared/src/cart/probe.ts', '../ui/spinner.tsx', true],
  ['mf-shared/src/ui/probe.ts', '../favourites/favourites-store.ts', false],
  // the hydration tests' harness (@shop/mf-shared/testing) is for test files only
  ['mf-catalog/src/listing/probe.test.ts', '@shop/mf-shared/testing', false],
  ['host/src/probe.test.tsx', '@shop/mf-shared/testing', false],
  ['mf-shared/src/ui/probe.test.tsx', '../testing.tsx', false],
  ['mf-catalog/src/listing/probe.ts', '@shop/mf-shared/testing', true],
  ['mf-catalog/src/pages/probe.ts', '@shop/mf-shared/testing', true],
  ['host/src/probe.ts', '@shop/mf-shared/testing', true],
  ['host/src/layout/probe.ts', '@shop/mf-shared/testing', true],
  ['host/server/probe.ts', '@shop/mf-shared/testing', true],
  ['e2e/support/probe.ts', '@shop/mf-shared/testing', true],
  ['e2e/faults/probe.ts', '@shop/mf-shared/testing', true],
  ['mf-shared/src/probe.ts', './testing.tsx', true],
  ['mf-shared/src/ui/probe.ts', '../testing.tsx', true],
  ['mf-shared/src/cart/probe.ts', '../testing.tsx', true],
  ['mf-product/src/pages/probe.ts', '../../../mf-shared/src/testing.tsx', true],
  // a package's test data (*.fixtures.ts) likewise
  ['mf-catalog/src/listing/probe.ts', '../product-card/listing-product.fixtures.ts', true],
  ['mf-catalog/src/product-card/probe.ts', './listing-product.fixtures.ts', true],
  ['mf-product/src/pages/probe.ts', '../product/product.fixtures.ts', true],
  ['mf-catalog/src/listing/probe.test.ts', '../product-card/listing-product.fixtures.ts', false],
  ['mf-product/src/pages/probe.test.tsx', '../product/product.fixtures.ts', false],
  ['mf-catalog/src/product-card/probe.fixtures.ts', '@shop/mf-shared/testing', false],
  ['mf-catalog/src/product-card/probe.fixtures.ts', '../../../mf-cart/src/report.ts', true],
  // the API's layers
  ['api/src/graphql/probe.ts', '../http/app.ts', true],
  ['api/src/graphql/probe.ts', '../repo/rows.ts', false],
  ['api/src/graphql/probe.ts', '../desk/csv.ts', true],
  ['api/src/graphql/probe.ts', '../config.ts', false],
  ['api/src/db/probe.ts', '../registry/registry-tables.ts', true],
  ['api/src/db/probe.ts', '../util/same-secret.ts', false],
  ['api/src/util/probe.ts', '../db/database.ts', true],
  ['api/src/orders/probe.ts', '../repo/catalog-repo.ts', true],
  ['api/src/payments/probe.ts', '../graphql/context.ts', true],
  ['api/src/payments/probe-tables.ts', '../orders/order-repo.ts', true],
  ['api/src/payments/probe-tables.ts', '../db/schema.ts', false],
  ['api/src/persisted/probe.ts', '../http/app.ts', true],
  ['api/src/cli/probe.ts', '../http/app.ts', true],
  ['api/src/cli/probe.ts', '../db/database.ts', false],
  ['api/src/http/probe.ts', '../payments/payment-routes.ts', false],
  // the host
  ['host/src/menu/probe.ts', '../layout/header.tsx', true],
  ['host/src/menu/probe.ts', '../ui/wrap-focus.ts', false],
  ['host/src/search/probe.ts', '../routing/page-router.tsx', true],
  ['host/src/ui/probe.ts', '../menu/menu-types.ts', true],
  ['host/src/layout/probe.ts', '../menu/desktop-menu.tsx', false],
  // a path that climbs is refused however it is spelled
  ['api/src/search/probe.ts', './../graphql/errors.ts', true],
  ['api/src/search/probe.ts', './../.././src/graphql/errors.ts', true],
  ['api/src/search/probe.ts', '../util/../graphql/errors.ts', true],
  ['api/src/search/probe.ts', '../db/./../graphql/errors.ts', true],
  ['api/src/search/probe.ts', '../util/same-secret.ts', false],
  ['api/src/config.ts', './util/same-secret.ts', false],
  ['api/src/config.ts', './payments/payment-config.ts', false],
  ['api/src/config.ts', './http/app.ts', true],
  ['api/src/config.ts', '../package.json', true],
  ['api/src/config.ts', './util/../http/app.ts', true],
  ['host/src/ui/probe.ts', './../layout/header.tsx', true],
  ['host/src/menu/probe.ts', './../layout/header.tsx', true],
  ['host/src/menu/probe.ts', '../ui/../layout/header.tsx', true],
  ['host/src/menu/probe.ts', '../../src/layout/header.tsx', true],
  ['mf-cart/src/cart-lines/probe.ts', './../checkout/idempotency-key.ts', true],
  // the server (@shop/api) is for tooling and tests: never browser code, never the API itself
  ['host/src/probe.ts', '@shop/api', true],
  ['host/src/menu/probe.ts', '@shop/api', true],
  ['mf-catalog/src/listing/probe.ts', '@shop/api', true],
  ['mf-catalog/src/ui/probe.ts', '@shop/api', true],
  ['mf-shared/src/ui/probe.ts', '@shop/api', true],
  ['mf-shared/src/cart/probe.ts', '@shop/api', true],
  ['contracts/src/probe.ts', '@shop/api', true],
  ['api/src/orders/probe.ts', '@shop/api', true],
  ['api/src/probe.ts', '@shop/api', true],
  ['api/test/probe.test.ts', '@shop/api', false],
  ['e2e/support/probe.ts', '@shop/api', false],
  ['e2e/faults/probe.ts', '@shop/contracts/dist/remotes.js', true],
  // the remotes
  ['mf-catalog/src/listing/probe.ts', '../pages/home-page.tsx', true],
  ['mf-catalog/src/listing/probe.ts', '../product-card/product-card.tsx', false],
  ['mf-catalog/src/pages/probe.ts', '../listing/listing-view.tsx', false],
  ['mf-catalog/src/ui/probe.ts', '../listing/product-grid.tsx', true],
  ['mf-catalog/src/product-card/probe.ts', '../listing/product-grid.tsx', true],
  ['mf-product/src/buy/probe.ts', '../product/product-view.tsx', true],
  ['mf-product/src/buy/probe.ts', '../product/product-data.ts', false],
  ['mf-cart/src/cart-lines/probe.ts', '../checkout/idempotency-key.ts', true],
  // tests may reach any folder of their own package, never another package's files
  ['mf-catalog/src/listing/probe.test.ts', '../pages/home-page.tsx', false],
  ['mf-catalog/src/listing/probe.test.ts', '../../../mf-cart/src/report.ts', true],
  ['api/test/probe.test.ts', './fakes/smtp.ts', false],
  ['e2e/support/probe.ts', '../../api/test/fakes/smtp.ts', false],
  ['e2e/faults/probe.ts', '../../scripts/lib/stack.ts', false],
  ['api/test/probe.test.ts', '../../host/src/search/search-examples.ts', true],
  // the release service, the host and a package's own root are no one's to reach into
  ['scripts/lib/probe.ts', '../../release/src/registry/smoke.ts', true],
  ['scripts/lib/probe.ts', '@shop/release/chromium', false],
  ['e2e/support/probe.ts', '@shop/host', true],
  ['host/src/probe.ts', '../package.json', true],
  ['mf-cart/src/order/probe.ts', '../../../mf-cart/src/cart-lines/cart-line.tsx', false],
];

// [file, type-only import, refused]: a type is an import like any other
const TYPE_PROBES: [string, string, boolean][] = [
  ['host/src/layout/types-probe.ts', '@shop/api', true],
  ['mf-catalog/src/listing/types-probe.tsx', '@shop/server-kit', true],
  ['api/src/util/types-probe.ts', '../db/database.ts', true],
  ['api/src/db/types-probe.ts', '../util/same-secret.ts', false],
];

// [file, global, refused]: one global per line of the probe file (Node code names no browser global)
const GLOBAL_PROBES: [string, string, boolean][] = [
  ['api/src/orders/globals-probe.ts', 'window', true],
  ['api/src/orders/globals-probe.ts', 'document', true],
  ['api/src/orders/globals-probe.ts', 'localStorage', true],
  ['api/src/orders/globals-probe.ts', 'sessionStorage', true],
  ['api/src/orders/globals-probe.ts', 'navigator', true],
  ['api/src/orders/globals-probe.ts', 'location', true],
  ['api/src/orders/globals-probe.ts', 'globalThis', false],
  ['host/server/globals-probe.ts', 'window', true],
  ['host/server/globals-probe.ts', 'location', true],
  ['contracts/src/globals-probe.ts', 'window', true],
  ['contracts/src/globals-probe.ts', 'localStorage', true],
  ['contracts/src/globals-probe.ts', 'navigator', false], // typed as possibly missing: contracts/node-and-browser.d.ts
  ['host/src/globals-probe.ts', 'window', false],
  ['mf-cart/src/checkout/globals-probe.ts', 'localStorage', false],
];

const scratch = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const write = (file: string, text = '') => {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  writeFileSync(path.join(scratch, file), text);
};

/**
 * A scratch copy of the repository's shape: every workspace's package.json (its exports) and the
 * files they export, linked under node_modules/@shop as npm links them, an empty file at each
 * probed path and a stub for each npm package probed. Then the probes, one import per line.
 */
function writeScratch(): void {
  const workspaces = readJson<{ workspaces: string[] }>('package.json').workspaces;
  for (const dir of workspaces) {
    const pkg = readJson<{ name: string; exports?: Record<string, string | { default: string }> }>(
      `${dir}/package.json`,
    );
    write(`${dir}/package.json`, JSON.stringify(pkg));
    for (const target of Object.values(pkg.exports ?? {})) {
      write(path.join(dir, typeof target === 'string' ? target : target.default));
    }
    mkdirSync(path.join(scratch, 'node_modules/@shop'), { recursive: true });
    symlinkSync(path.join('..', '..', dir), path.join(scratch, 'node_modules', pkg.name));
  }
  const files = new Map<string, string[]>();
  for (const [file, specifier] of PROBES) {
    files.set(file, [...(files.get(file) ?? []), `import '${specifier}';`]);
    if (specifier.startsWith('.')) {
      const target = path.join(path.dirname(file), specifier);
      if (!existsSync(path.join(scratch, target))) write(target);
    } else if (!specifier.startsWith('@shop/')) {
      write(`node_modules/${specifier}/package.json`, JSON.stringify({ name: specifier, main: 'index.js' }));
      write(`node_modules/${specifier}/index.js`);
    }
  }
  for (const [file, specifier] of TYPE_PROBES) {
    files.set(file, [...(files.get(file) ?? []), `import type { Probe } from '${specifier}';`]);
  }
  for (const [file, name] of GLOBAL_PROBES) files.set(file, [...(files.get(file) ?? []), `console.log(${name});`]);
  for (const [file, lines] of files) write(file, `${lines.join('\n')}\n`);
  write('biome.json', readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
}

interface Cruised {
  modules: { source: string; dependencies: { module: string; valid: boolean }[] }[];
}

/** `file → import` of every import dependency-cruiser refuses, with the repository's rules (cruised once). */
let cruised: Set<string> | undefined;
function refusedImports(): Set<string> {
  cruised ??= cruise();
  return cruised;
}

function cruise(): Set<string> {
  let out: string;
  try {
    out = execFileSync(
      DEPCRUISE,
      [
        '--config',
        path.join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        ...new Set([...PROBES, ...TYPE_PROBES].map(([f]) => f)),
      ],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    if (!stdout) throw new Error(`depcruise failed: ${stderr}`);
    out = stdout; // depcruise exits 1 when a rule is broken
  }
  const result = JSON.parse(out) as Cruised;
  return new Set(
    result.modules.flatMap((module) =>
      module.dependencies.filter((d) => !d.valid).map((d) => `${module.source} → ${d.module}`),
    ),
  );
}

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

/** `file:line` of every browser global biome refuses in the probes. */
function refusedGlobals(): Set<string> {
  let out: string;
  try {
    out = execFileSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout; // biome exits 1 when it reports errors
  }
  const report = JSON.parse(out) as { diagnostics: Diagnostic[] };
  return new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedGlobals')
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  );
}

writeScratch();

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('refuse exactly the deep and upward imports', () => {
    const refused = refusedImports();
    const verdict = (file: string, probe: string, isRefused: boolean) =>
      `${isRefused ? 'refused' : 'allowed'}  ${file} → ${probe}`;
    expect(PROBES.map(([file, probe]) => verdict(file, probe, refused.has(`${file} → ${probe}`)))).toEqual(
      PROBES.map(([file, probe, shouldRefuse]) => verdict(file, probe, shouldRefuse)),
    );
  });

  it('refuse type-only imports as they refuse the others', () => {
    const refused = refusedImports();
    const verdict = (file: string, probe: string, isRefused: boolean) =>
      `${isRefused ? 'refused' : 'allowed'}  ${file} → type from ${probe}`;
    expect(TYPE_PROBES.map(([file, probe]) => verdict(file, probe, refused.has(`${file} → ${probe}`)))).toEqual(
      TYPE_PROBES.map(([file, probe, shouldRefuse]) => verdict(file, probe, shouldRefuse)),
    );
  });

  it('know the remotes as the remotes table does: every mf-* folder but mf-shared', () => {
    const workspaces = readJson<{ workspaces: string[] }>('package.json').workspaces;
    expect(REMOTE_NAMES.map((name) => REMOTES[name].dir).sort()).toEqual(
      workspaces.filter((dir) => /^mf-(?!shared$)/.test(dir)).sort(),
    );
  });
});

describe('biome refuses browser globals in the code that runs in Node', () => {
  it('names each one', () => {
    const refused = refusedGlobals();
    // a global probe's lines follow the imports of the same file
    const lineOf = new Map<string, number>();
    const verdicts = (actual: boolean) =>
      GLOBAL_PROBES.map(([file, name, shouldRefuse]) => {
        const line = lineOf.get(file) ?? PROBES.filter(([f]) => f === file).length + 1;
        lineOf.set(file, line + 1);
        return `${(actual ? refused.has(`${file}:${line}`) : shouldRefuse) ? 'refused' : 'allowed'}  ${file}:${line}  ${name}`;
      });
    const actual = verdicts(true);
    lineOf.clear();
    expect(actual).toEqual(verdicts(false));
  });
});

describe('per-package tsconfig projects', () => {
  const solution = readJson<{ references: { path: string }[] }>('tsconfig.packages.json');
  // a package's folder, or one of its projects (contracts/tsconfig.test.json)
  const referenced = [
    ...new Set(solution.references.map((r) => path.normalize(r.path).replace(/\/tsconfig[^/]*\.json$/, ''))),
  ];
  const workspaces = readJson<{ workspaces: string[] }>('package.json').workspaces;

  it('tsconfig.packages.json (npm run typecheck) references every workspace and the tooling', () => {
    expect([...referenced].sort()).toEqual([...workspaces, 'scripts', 'scripts/bench'].sort());
  });

  it('browser code is checked with the DOM and without Node or test globals; its tests get vitest globals', () => {
    for (const dir of ['mf-shared', 'host', ...workspaces.filter((w) => w.startsWith('mf-') && w !== 'mf-shared')]) {
      const src = readJson<{ compilerOptions: { lib: string[]; types: string[] } }>(`${dir}/tsconfig.src.json`);
      expect(src.compilerOptions.types, dir).toEqual([]);
      expect(src.compilerOptions.lib, dir).toContain('DOM');
      const tests = readJson<{ compilerOptions: { types: string[] } }>(`${dir}/tsconfig.test.json`);
      expect(tests.compilerOptions.types, dir).toContain('vitest/globals');
      const own = readJson<{ files: string[]; references: { path: string }[] }>(`${dir}/tsconfig.json`);
      expect(own.files, dir).toEqual([]);
      expect(
        own.references.map((r) => r.path),
        dir,
      ).toEqual(expect.arrayContaining(['./tsconfig.src.json', './tsconfig.test.json']));
    }
  });
});

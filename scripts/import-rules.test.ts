// The import rules of biome.json (README «What may each package import», api/README.md «Layers»)
// refuse what they promise to: probe files with one import per line are linted in a scratch copy
// of the repository's biome.json (written by scripts/lint/biome-config.ts), and exactly the
// refused lines must be reported. The same for the browser globals refused in Node code.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

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

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

/** Lints the probes in a scratch copy of biome.json; returns `file:line` of every refused import or global. */
function refusedLines(): Set<string> {
  const files = new Map<string, string[]>();
  for (const [file, specifier] of PROBES) files.set(file, [...(files.get(file) ?? []), `import '${specifier}';`]);
  for (const [file, name] of GLOBAL_PROBES) files.set(file, [...(files.get(file) ?? []), `console.log(${name});`]);
  writeFileSync(path.join(scratch, 'biome.json'), readFileSync(path.join(ROOT, 'biome.json')));
  for (const [file, lines] of files) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), `${lines.join('\n')}\n`);
  }
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
      .filter((d) => ['lint/style/noRestrictedImports', 'lint/style/noRestrictedGlobals'].includes(d.category))
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  );
}

const refused = refusedLines();
/** `verdict  file:line  probe` for each probe, the verdict being the expected or the actual one. */
function verdicts(probes: [string, string, boolean][], firstLine: (file: string) => number, actual: boolean) {
  const lineOf = new Map<string, number>();
  return probes.map(([file, probe, shouldRefuse]) => {
    const line = lineOf.get(file) ?? firstLine(file);
    lineOf.set(file, line + 1);
    const isRefused = actual ? refused.has(`${file}:${line}`) : shouldRefuse;
    return `${isRefused ? 'refused' : 'allowed'}  ${file}:${line}  ${probe}`;
  });
}

describe('biome import rules (biome.json, written by scripts/lint/biome-config.ts)', () => {
  it('refuse exactly the deep and upward imports', () => {
    expect(verdicts(PROBES, () => 1, true)).toEqual(verdicts(PROBES, () => 1, false));
  });

  it('refuse browser globals in the code that runs in Node', () => {
    // a global probe's lines follow the imports of the same file
    const firstLine = (file: string) => PROBES.filter(([f]) => f === file).length + 1;
    expect(verdicts(GLOBAL_PROBES, firstLine, true)).toEqual(verdicts(GLOBAL_PROBES, firstLine, false));
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

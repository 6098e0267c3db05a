// The import rules of biome.json (README «What may each package import», api/README.md «Layers»)
// refuse what they promise to: probe files with one import per line are linted in a scratch copy
// of the repository's biome.json, and exactly the refused lines must be reported. Biome's
// overrides replace a rule's options instead of adding to them, so every folder's override
// repeats the package rules: a change to those that misses an override fails here too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

interface Pattern {
  group: string[];
  message: string;
}
interface RuleConfig {
  options?: { patterns?: Pattern[] };
}
interface BiomeConfig {
  linter: { rules: { style: { noRestrictedImports: RuleConfig } } };
  overrides: { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: RuleConfig | string } } } }[];
}

/** JSON files that may carry whole-line `//` comments. */
const readJson = <T>(file: string): T =>
  JSON.parse(
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n'),
  ) as T;

const biome = readJson<BiomeConfig>('biome.json');
const packageRules = biome.linter.rules.style.noRestrictedImports.options?.patterns ?? [];

// [file, import, refused]: one import per line of the probe file
const PROBES: [string, string, boolean][] = [
  // deep imports between packages
  ['scripts/faults/probe.ts', '../../api/src/catalog/generator.ts', true],
  ['scripts/faults/probe.ts', '@shop/api', false],
  ['scripts/faults/probe.ts', '@shop/api/src/index.ts', true],
  ['scripts/faults/probe.ts', '@shop/mf-shared/persisted-document', false],
  ['scripts/faults/probe.ts', '@shop/mf-shared/src/index.ts', true],
  ['scripts/faults/probe.ts', '@shop/contracts/remotes', false],
  ['scripts/faults/probe.ts', '../../mf-catalog/src/report.ts', true],
  ['e2e/support/probe.ts', '../../host/src/app.tsx', true],
  ['e2e/support/probe.ts', '../../scripts/lib/stack.ts', false],
  ['host/server/probe.ts', '../../mf-shared/src/apollo/persisted-document.ts', true],
  ['api/src/http/probe.ts', '../../../contracts/src/pages.ts', true],
  ['contracts/src/probe.ts', '@shop/mf-shared', true],
  ['contracts/src/probe.ts', 'zod', false],
  ['mf-shared/src/cart/probe.ts', '../ui/spinner.tsx', true],
  ['mf-shared/src/ui/probe.ts', '../favourites/favourites-store.ts', false],
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
  ['api/test/probe.test.ts', '../../scripts/fakes/smtp.ts', false],
  ['api/test/probe.test.ts', '../../host/src/search/search-examples.ts', true],
];

const scratch = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

/** Lints the probes in a scratch copy of biome.json; returns `file:line` of every refused import. */
function refusedLines(): Set<string> {
  const files = new Map<string, string[]>();
  for (const [file, specifier] of PROBES) files.set(file, [...(files.get(file) ?? []), `import '${specifier}';`]);
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
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  );
}

describe('biome import rules', () => {
  it('refuse exactly the deep and upward imports', () => {
    const refused = refusedLines();
    const lineOf = new Map<string, number>();
    const where = PROBES.map(([file]) => {
      const line = (lineOf.get(file) ?? 0) + 1;
      lineOf.set(file, line);
      return `${file}:${line}`;
    });
    const verdict = (isRefused: boolean) => (isRefused ? 'refused' : 'allowed');
    const expected = PROBES.map(
      ([, specifier, shouldRefuse], i) => `${verdict(shouldRefuse)}  ${where[i]}  ${specifier}`,
    );
    const actual = PROBES.map(([, specifier], i) => `${verdict(refused.has(where[i]!))}  ${where[i]}  ${specifier}`);
    expect(actual).toEqual(expected);
  });

  it("every folder's override repeats the package rules (biome replaces a rule's options per override)", () => {
    expect(packageRules.length).toBeGreaterThan(0);
    for (const override of biome.overrides) {
      const rule = override.linter?.rules?.style?.noRestrictedImports;
      if (rule === undefined || typeof rule === 'string') continue; // not configured, or "off"
      expect(rule.options?.patterns?.slice(0, packageRules.length), override.includes.join(', ')).toEqual(packageRules);
    }
  });

  it("the allowed @shop subpaths are the packages' declared exports", () => {
    const exceptions = packageRules[0]!.group.filter((g) => g.startsWith('!@shop/')).map((g) => g.slice(1));
    const declared = ['contracts', 'mf-shared', 'api', 'host'].flatMap((dir) => {
      const pkg = readJson<{ name: string; exports?: Record<string, unknown> }>(`${dir}/package.json`);
      return Object.keys(pkg.exports ?? {})
        .filter((key) => key !== '.')
        .map((key) => `${pkg.name}/${key.slice(2)}`);
    });
    // @shop/contracts is allowed whole (`@shop/contracts/*`): each of its subpaths is public
    const contractsWhole = exceptions.includes('@shop/contracts/*');
    expect(contractsWhole).toBe(true);
    expect(exceptions.filter((e) => e !== '@shop/contracts/*').sort()).toEqual(
      declared.filter((d) => !d.startsWith('@shop/contracts/')).sort(),
    );
  });
});

describe('per-package tsconfig projects', () => {
  const solution = readJson<{ references: { path: string }[] }>('tsconfig.packages.json');
  const referenced = solution.references.map((r) => path.normalize(r.path));
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

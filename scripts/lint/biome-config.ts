/**
 * biome.json is generated from this file (`npm run lint:config`, which `npm run codegen` runs):
 * edit the tables here, never biome.json. scripts/lint/biome-config.test.ts fails when the
 * committed biome.json differs from what this file writes.
 *
 * Why generated: biome's overrides replace a rule's options instead of adding to them, so every
 * folder's import rule has to repeat the package-wide rules (deep imports, remotes' code) and its
 * package's own rule. Written by hand that was ~28 copies of the remote list; here each rule is
 * written once and the remote list comes from the remotes table (@shop/contracts/remotes).
 *
 * How the import rules read (README «What may each package import», api/README.md «Layers»):
 * - PACKAGE_RULES apply everywhere: another package only through its package.json `exports`;
 *   apps never import a remote's code.
 * - PACKAGES add one rule per package (browser code never imports the server, @shop/api).
 * - LAYERS add one rule per folder: `onlyFrom` (the folder imports only the listed siblings) or
 *   `never` (the folder never imports the listed siblings). Both catch every spelling of a
 *   path that climbs (`./../x`, `../ok/../x`), not only the `../x` one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, REMOTES } from '@shop/contracts/remotes';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PACKAGES_README = 'README, «What may each package import»';
const LAYERS_README = 'layers in api/README.md';

export interface Pattern {
  group: string[];
  message: string;
}

const remoteDirs = REMOTE_NAMES.map((name) => REMOTES[name].dir);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

/** `@shop/<package>/<subpath>` for every subpath a workspace package declares in its `exports`. */
function declaredSubpaths(): string[] {
  return readJson<{ workspaces: string[] }>('package.json').workspaces.flatMap((dir) => {
    const pkg = readJson<{ name: string; exports?: Record<string, unknown> }>(`${dir}/package.json`);
    if (pkg.name === '@shop/contracts') return []; // allowed whole below: each subpath of it is public
    return Object.keys(pkg.exports ?? {})
      .filter((key) => key !== '.')
      .map((key) => `${pkg.name}/${key.slice(2)}`);
  });
}

export const PACKAGE_RULES: Pattern[] = [
  {
    group: [
      '@shop/*/*',
      '!@shop/contracts/*',
      ...declaredSubpaths().map((subpath) => `!${subpath}`),
      '@shop/*/dist/**',
      '**/contracts/src/**',
      '**/server-kit/src/**',
      '**/mf-shared/src/**',
      '**/api/src/**',
      '**/host/src/**',
      '**/host/server/**',
      '**/e2e/**',
    ],
    message: `Import another package through its package.json exports (@shop/<package> or a subpath it declares), never its files: ${PACKAGES_README}.`,
  },
  {
    group: [...remoteDirs.map((dir) => `**/${dir}/**`), ...remoteDirs.map((dir) => `@shop/${dir}`)],
    message: "Apps never import a remote's code: meet through @shop/mf-shared or a module the remote exposes.",
  },
];

/**
 * Test-only code: the hydration tests' harness (mf-shared/src/testing.tsx, which imports vitest and
 * react-dom/server) and a package's test data (`*.fixtures.ts`). Only tests and fixtures (whose
 * override below drops this rule) import them; production code never does, not even by a path.
 */
export const TEST_ONLY_ENTRIES = ['@shop/mf-shared/testing'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts'];
const TEST_ONLY: Pattern = {
  group: [...TEST_ONLY_ENTRIES, '**/mf-shared/src/testing*', './testing*', '../testing*', '**/*.fixtures.ts'],
  message: `${TEST_ONLY_ENTRIES.join(', ')} (the tests' harness: vitest, react-dom/server) and *.fixtures.ts (test data) are for tests only: *.test.ts(x) and *.fixtures.ts import them. ${PACKAGES_README}.`,
};

const NO_SERVER_IN_BROWSER: Pattern = {
  group: ['@shop/api', '@shop/server-kit'],
  message: `Browser code never imports the API (@shop/api) or the services' kit (@shop/server-kit), not even their types: they bring Node's types into the browser project. ${PACKAGES_README}.`,
};

/** Each package's own rule, for every file of it (its folders' rules below add to it). */
const PACKAGES: { includes: string[]; rules: Pattern[] }[] = [
  {
    includes: ['api/src/**'],
    rules: [
      {
        group: ['@shop/api'],
        message: `Inside the API import the file itself: @shop/api re-exports the HTTP layer, so importing it is a cycle and skips the layers (${LAYERS_README}).`,
      },
    ],
  },
  {
    includes: ['host/src/**', 'mf-shared/src/**', ...remoteDirs.map((dir) => `${dir}/src/**`)],
    rules: [NO_SERVER_IN_BROWSER],
  },
  {
    includes: ['contracts/src/**'],
    rules: [
      {
        group: ['@shop/**'],
        message:
          '@shop/contracts is the bottom of the shop: it imports no other package of it (only zod, and types of React and Apollo).',
      },
    ],
  },
  {
    includes: ['server-kit/src/**'],
    rules: [
      {
        group: ['@shop/**', '!@shop/contracts/*'],
        message: `@shop/server-kit sits under the services (the API, the release service): of the shop it imports only @shop/contracts. ${PACKAGES_README}.`,
      },
    ],
  },
];

/**
 * The folder imports no sibling but `allowed` (`'util/'` a folder, `'config.ts'` a file), however
 * the path is spelled: any path with `..` is refused unless it starts with an allowed sibling
 * and does not climb again after it.
 */
function onlyFrom(allowed: string[], message: string, from = '..'): Pattern {
  return {
    group: [
      '**/../**',
      ...(from === '.' ? ['./**'] : []),
      ...allowed.flatMap((entry) =>
        entry.endsWith('/') ? [`!${from}/${entry}**`, `${from}/${entry}**/../**`] : [`!${from}/${entry}`],
      ),
    ],
    message,
  };
}

/**
 * The folder never imports the `refused` siblings (`'layout/'` a folder, `'app.tsx'` a file),
 * whichever way the path reaches them (`../layout`, `./../layout`, `../ui/../layout`), and never
 * climbs out of its package's src/ (`../../`) to come back in elsewhere.
 */
function never(refused: string[], message: string, extra: string[] = []): Pattern {
  return {
    group: [
      ...refused.map((entry) => (entry.endsWith('/') ? `**/../${entry}**` : `**/../${entry}`)),
      '**/../../**',
      ...extra,
    ],
    message,
  };
}

const PAGES_ONLY = '**/pages/**';
const api = (folders: string[]) => folders.map((folder) => `api/src/${folder}/**`);
/** `a`, `a and b`, `a, b and c` */
const list = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Layer rules per folder, in order: where two match a file, the later one is the file's. */
export const LAYERS: { includes: string[]; rule: Pattern }[] = [
  // the API (api/README.md «Layers»)
  { includes: api(['util']), rule: onlyFrom([], `api/src/util/ imports nothing else of the API: ${LAYERS_README}.`) },
  ...(
    [
      [['db'], ['util/', 'config.ts']],
      [
        ['search', 'accounts', 'orders', 'registry'],
        ['util/', 'db/', 'config.ts'],
      ],
      [['catalog'], ['util/', 'db/', 'search/', 'orders/', 'config.ts']],
      [['repo'], ['util/', 'db/', 'search/', 'catalog/', 'orders/', 'config.ts']],
      [
        ['notify', 'payments'],
        ['util/', 'db/', 'orders/', 'config.ts'],
      ],
      [['desk'], ['util/', 'db/', 'accounts/', 'orders/', 'registry/', 'config.ts']],
      [['graphql'], ['util/', 'db/', 'search/', 'catalog/', 'repo/', 'orders/', 'payments/', 'config.ts']],
      [['persisted'], ['util/', 'db/', 'graphql/', 'config.ts']],
    ] as const
  ).map(([folders, allowed]) => ({
    includes: api([...folders]),
    rule: onlyFrom(
      [...allowed],
      `api/src/${list(folders.map((folder) => `${folder}/`))} import${folders.length > 1 ? '' : 's'} only ${list([...allowed])}: ${LAYERS_README}.`,
    ),
  })),
  {
    includes: api(['http']),
    rule: never(
      ['cli/', 'main.ts'],
      `api/src/http/ composes everything but the command lines and main.ts: ${LAYERS_README}.`,
    ),
  },
  {
    includes: api(['cli']),
    rule: never(
      ['http/', 'main.ts'],
      `The command lines work on the database and the domain, never through the HTTP layer: ${LAYERS_README}.`,
    ),
  },
  {
    includes: ['api/src/*/*-tables.ts'],
    rule: onlyFrom(
      ['db/', 'util/'],
      "A feature's tables (*-tables.ts) belong to the database layer: they import only db/ and util/.",
    ),
  },
  {
    includes: ['api/src/*/*-config.ts', '!api/src/db/open-from-config.ts'],
    rule: onlyFrom(['util/'], "A feature's config reader (*-config.ts) is read by config.ts: it imports only util/."),
  },
  {
    includes: ['api/src/config.ts'],
    rule: onlyFrom(
      ['util/', '*/*-config.ts'],
      "config.ts (the only reader of process.env) imports only util/ and the features' *-config.ts.",
      '.',
    ),
  },
  // the host
  {
    includes: ['host/src/ui/**'],
    rule: onlyFrom([], "host/src/ui/ is the host's own UI kit: it imports no other folder of the host."),
  },
  {
    includes: ['host/src/analytics/**', 'host/src/cookie/**', 'host/src/theme/**'],
    rule: never(
      ['layout/', 'menu/', 'search/', 'routing/', 'desk/', 'app.tsx', 'bootstrap.tsx'],
      'analytics/, cookie/ and theme/ sit below the page chrome (layout/, menu/, search/), routing/ and the desk: they never import upward.',
    ),
  },
  {
    includes: ['host/src/menu/**', 'host/src/search/**'],
    rule: never(
      ['layout/', 'routing/', 'desk/', 'app.tsx', 'bootstrap.tsx'],
      'menu/ and search/ sit below layout/ (the header composes them) and routing/: they never import upward; shared pieces live in ui/.',
    ),
  },
  {
    includes: ['host/src/layout/**'],
    rule: never(
      ['routing/', 'desk/', 'app.tsx', 'bootstrap.tsx'],
      'layout/ sits below routing/ and the app: it never imports upward.',
    ),
  },
  {
    includes: ['host/src/desk/**'],
    rule: never(
      ['layout/', 'menu/', 'search/', 'routing/'],
      "The orders desk is its own app inside the host: it does not import the storefront's chrome or routing.",
    ),
  },
  // the remotes: only pages/ composes features (every remote of the table), then each one's own folders
  {
    includes: [...remoteDirs.map((dir) => `${dir}/src/*/**`), '!**/src/pages/**'],
    rule: never([], 'Only pages/ (the modules a remote exposes) composes features: nothing else imports pages/.', [
      PAGES_ONLY,
    ]),
  },
  { includes: ['mf-catalog/src/ui/**'], rule: onlyFrom([], "ui/ is the remote's own UI kit: it imports no feature.") },
  {
    includes: ['mf-catalog/src/product-card/**', 'mf-catalog/src/product-slider/**', 'mf-catalog/src/analytics/**'],
    rule: never(
      ['home/', 'listing/', 'favourites/'],
      'product-card/, product-slider/ and analytics/ are building blocks of the features (home/, listing/, favourites/): they never import a feature or pages/.',
      [PAGES_ONLY],
    ),
  },
  {
    includes: ['buy', 'gallery', 'recommended', 'variants'].map((folder) => `mf-product/src/${folder}/**`),
    rule: never(
      ['product/'],
      "The product page's parts take only their data types from product/ (product-data.ts); product/ composes them, never the reverse.",
      [PAGES_ONLY, '!../product/product-data.ts'],
    ),
  },
  {
    includes: ['mf-cart/src/cart-lines/**'],
    rule: never(
      ['cart-page/', 'checkout/', 'order/', 'quick-cart/'],
      'cart-lines/ is shared by the cart page and the quick cart: it never imports them.',
      [PAGES_ONLY],
    ),
  },
  // mf-shared
  {
    includes: ['analytics', 'apollo', 'cart', 'favourites', 'shell'].map((folder) => `mf-shared/src/${folder}/**`),
    rule: never(
      ['ui/', 'index.ts'],
      'In mf-shared the UI kit (ui/) sits on the stores, the Apollo factory, analytics and the shell context: they never import ui/ or the package entry.',
    ),
  },
];

/**
 * Code that runs in Node (the API, the host's server) or in both (contracts) names no browser
 * global. The API's compile cannot refuse them: @whatwg-node/fetch's types pull the DOM lib in
 * (`/// <reference lib="dom">`). Contracts may read `navigator` alone, which its tsconfig types as
 * possibly missing (contracts/node-and-browser.d.ts), so tsc makes it check first.
 */
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'];
const NODE_CODE: { includes: string[]; globals: string[] }[] = [
  { includes: ['api/src/**', 'host/server/**', 'server-kit/src/**'], globals: BROWSER_GLOBALS },
  { includes: ['contracts/src/**'], globals: BROWSER_GLOBALS.filter((name) => name !== 'navigator') },
];

/** The package a layer's folder belongs to: its rules come with the folder's. */
const packageRulesOf = (includes: string[]): Pattern[] =>
  PACKAGES.filter((pkg) =>
    includes.some((glob) => pkg.includes.some((root) => glob.startsWith(root.replace(/\*\*$/, '')))),
  ).flatMap((pkg) => pkg.rules);

const importRule = (patterns: Pattern[], packageRules = [...PACKAGE_RULES, TEST_ONLY]) => ({
  linter: {
    rules: {
      style: { noRestrictedImports: { level: 'error', options: { patterns: [...packageRules, ...patterns] } } },
    },
  },
});

export function biomeConfig() {
  return {
    $schema: './node_modules/@biomejs/biome/configuration_schema.json',
    vcs: { enabled: true, clientKind: 'git', useIgnoreFile: true },
    files: {
      includes: [
        '**',
        '!**/*.html',
        '!**/dist',
        '!**/.data',
        '!**/drizzle/meta',
        '!**/*.generated.ts',
        '!**/schema.graphql',
      ],
    },
    formatter: { enabled: true, indentStyle: 'space', indentWidth: 2, lineWidth: 120 },
    javascript: { formatter: { quoteStyle: 'single' } },
    linter: {
      enabled: true,
      rules: {
        preset: 'recommended',
        style: {
          noNonNullAssertion: 'off',
          noRestrictedImports: importRule([]).linter.rules.style.noRestrictedImports,
        },
        a11y: { noSvgWithoutTitle: 'off' },
        suspicious: { noConsole: 'off' },
      },
    },
    assist: { enabled: true, actions: { source: { organizeImports: 'on' } } },
    overrides: [
      {
        includes: ['**/*.test.ts', '**/*.test.tsx', 'api/test/**', 'e2e/**'],
        linter: { rules: { suspicious: { noExplicitAny: 'off' }, style: { noNonNullAssertion: 'off' } } },
      },
      ...NODE_CODE.map(({ includes, globals }) => ({
        includes,
        linter: {
          rules: {
            style: {
              noRestrictedGlobals: {
                level: 'error',
                options: {
                  deniedGlobals: Object.fromEntries(
                    globals.map((name) => [
                      name,
                      `This code runs in Node (the API, the host's server, @shop/contracts): there is no ${name}.`,
                    ]),
                  ),
                },
              },
            },
          },
        },
      })),
      ...PACKAGES.map((pkg) => ({ includes: pkg.includes, ...importRule(pkg.rules) })),
      ...LAYERS.map((layer) => ({
        includes: layer.includes,
        ...importRule([...packageRulesOf(layer.includes), layer.rule]),
      })),
      // tests (and their fixtures) may reach any folder of their own package (never another package's files) and the test-only code
      { includes: TEST_FILES, ...importRule([], PACKAGE_RULES) },
      { includes: ['scripts/bench/**'], linter: { rules: { style: { noRestrictedImports: 'off' } } } },
    ],
  };
}

/** biome.json's text: the config, formatted the way `biome format` writes it (JSON has no room for a «generated» comment). */
export function renderBiomeJson(): string {
  return execFileSync(path.join(ROOT, 'node_modules', '.bin', 'biome'), ['format', '--stdin-file-path=biome.json'], {
    cwd: ROOT,
    input: JSON.stringify(biomeConfig(), null, 2),
    encoding: 'utf8',
  });
}

if (import.meta.filename === process.argv[1]) {
  writeFileSync(path.join(ROOT, 'biome.json'), renderBiomeJson());
  console.log('biome.json written from scripts/lint/biome-config.ts');
}

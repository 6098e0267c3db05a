/**
 * The one rspack configuration factory every front-end app extends (host and remotes).
 * It owns what must be identical everywhere: compilation (SWC, CSS Modules, assets),
 * minification and source maps, and the federation sharing (the policy, which packages are
 * singletons and which are tree-shaken, is in scripts/lib/federation-shared.ts) with the
 * versions taken from each app's package.json, so a remote built months later still
 * negotiates the same singletons with the host.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { releaseVersion } from '@shop/contracts/release-plane';
import { exposesOf, REMOTES, type RemoteName } from '@shop/contracts/remotes';
import { SHARED_SUBPATHS, SINGLETONS, TREE_SHAKEN_SHARED } from './scripts/lib/federation-shared.ts';

/** A remote's federation name must be a row of the remotes table: its exposes come from there. */
function remoteName(name: string): RemoteName {
  if (!Object.hasOwn(REMOTES, name)) throw new Error(`${name} is not in the remotes table (contracts/src/remotes.ts)`);
  return name as RemoteName;
}

export type AppKind = 'host' | 'remote';

export interface AppOptions {
  /** Federation name: `host`, `mf_catalog`, `mf_product`, `mf_cart`. */
  name: string;
  kind: AppKind;
  /** The app's package folder (its rspack.config.ts passes `import.meta.dirname`). */
  dir: string;
  /** Host only: federation runtime plugins (absolute paths). */
  runtimePlugins?: string[];
  /** Host only: port of `rspack serve` in `npm run dev` (a remote's is in the remotes table). */
  devPort?: number;
}

const rootDir = import.meta.dirname;
/** The browsers the shop's scripts and stylesheets are written for. */
const BROWSERS = 'chrome >= 109, firefox >= 115, safari >= 15.4';

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function installedVersion(pkg: string): string {
  return readJson<PackageJson>(path.join(rootDir, 'node_modules', pkg, 'package.json')).version;
}

interface SharedItem {
  singleton: true;
  requiredVersion: string;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

function treeShaking(shareKey: string): Pick<SharedItem, 'treeShaking'> {
  const usedExports = TREE_SHAKEN_SHARED[shareKey];
  return usedExports ? { treeShaking: { mode: 'runtime-infer', usedExports: [...usedExports] } } : {};
}

export function sharedConfig(appPackage: PackageJson) {
  const deps = { ...appPackage.peerDependencies, ...appPackage.dependencies };
  const shared: Record<string, SharedItem> = {};
  for (const name of SINGLETONS) {
    const requiredVersion = deps[name];
    if (!requiredVersion) throw new Error(`${appPackage.name} must depend on the federation singleton ${name}`);
    // Workspace packages are not versioned on a registry: pin the exact version so a
    // remote built against another mf-shared contract is refused instead of mixed in.
    const range = name === '@shop/mf-shared' ? `^${installedVersion(name)}` : requiredVersion;
    shared[name] = { singleton: true, requiredVersion: range, ...treeShaking(name) };
  }
  for (const [subpath, name] of Object.entries(SHARED_SUBPATHS)) {
    shared[subpath] = {
      singleton: true,
      requiredVersion: deps[name] ?? `^${installedVersion(name)}`,
      ...treeShaking(subpath),
    };
  }
  return shared;
}

/**
 * The federation singletons and every package they depend on, peers included, as installed
 * (the workspace's own packages aside).
 */
function singletonPackages(): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || name.startsWith('@shop/')) return;
    const file = path.join(rootDir, 'node_modules', name, 'package.json');
    if (!existsSync(file)) return;
    seen.add(name);
    const pkg = readJson<PackageJson>(file);
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) visit(dep);
  };
  for (const name of SINGLETONS) visit(name);
  return [...seen].sort();
}

/**
 * Host only: the singletons' code in one chunk, which every storefront page loads as it starts.
 * Left to the default split, each shared module was a chunk of its own, and the small modules
 * two of them import (zustand, React DOM's index, Apollo's helpers) were copied into each: many
 * small requests, some bytes twice. Over HTTP/1.1 a browser asks one server six files at a time,
 * and the page's photos wait in the same queue. The libraries are still evaluated one per task
 * (src/index.ts): a loaded chunk only registers its modules.
 */
function startLibraries() {
  const names = singletonPackages().map((name) => name.replace(/[.+]/g, '\\$&').replace('/', '[\\\\/]'));
  return {
    test: new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`),
    name: 'start-libraries',
    chunks: 'async' as const,
    enforce: true,
  };
}

/** The host entry's `import('./bootstrap')`: the chunk every page runs right after `main.js`. */
const BOOTSTRAP_REQUEST = /^\.\/bootstrap(\.tsx?)?$/;

/**
 * A host chunk group a storefront page loads as it starts, right after `main.js`: the bootstrap
 * behind the entry's `import('./bootstrap')`, and the shared libraries the host provides and
 * consumes. Not the desk's, nor anything imported later (the cart overlay).
 */
function startsWithPage(group: import('@rspack/core').ChunkGroup): boolean {
  return group.origins.some(
    (origin) =>
      BOOTSTRAP_REQUEST.test(origin.request ?? '') ||
      origin.module?.type === 'consume-shared-module' ||
      origin.module?.type === 'provide-module',
  );
}

/**
 * Host only: writes `start-assets.json`, the files of the chunk groups every page starts with
 * (`startsWithPage`), so the page server can preload them with the HTML.
 */
class StartAssetsPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.done.tap('StartAssetsPlugin', (stats) => {
      if (stats.hasErrors()) return;
      // the build's own output folder, read when it is done: a config built from this one into
      // another folder must not overwrite the host's start files
      const outDir = String(compiler.options.output.path);
      const files = new Set<string>();
      for (const group of stats.compilation.chunkGroups) {
        if (startsWithPage(group)) for (const file of group.getFiles()) files.add(file);
      }
      const list = [...files].filter((file) => !file.endsWith('.map')).sort();
      const assets = { scripts: list.filter((f) => f.endsWith('.js')), styles: list.filter((f) => f.endsWith('.css')) };
      writeFileSync(path.join(outDir, 'start-assets.json'), `${JSON.stringify(assets, null, 2)}\n`);
    });
  }
}

/**
 * Fails the build when the app uses an export of a tree-shaken singleton that
 * TREE_SHAKEN_SHARED does not list: the copy another app provides would lack it. Reads the
 * used exports the federation plugin writes into `mf-stats.json`.
 */
class SharedExportsCheckPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('SharedExportsCheckPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SharedExportsCheckPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset('mf-stats.json');
          if (!asset) return;
          const stats = JSON.parse(asset.source.source().toString()) as {
            shared: { name: string; usedExports?: string[] }[];
          };
          for (const { name, usedExports = [] } of stats.shared) {
            const allowed = TREE_SHAKEN_SHARED[name];
            if (!allowed) continue;
            const extra = usedExports.filter((used) => !allowed.includes(used));
            if (extra.length === 0) continue;
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `${name} is shared tree-shaken and this app uses ${extra.join(', ')}, which TREE_SHAKEN_SHARED (scripts/lib/federation-shared.ts) does not list: add ${extra.length > 1 ? 'them' : 'it'} there (and release the host first)`,
              ),
            );
          }
        },
      );
    });
  }
}

/**
 * Production: a `.br` and a `.gz` copy beside every script and stylesheet, and beside the
 * federation manifest (fetched by every page that loads the remote, pretty-printed JSON: 4.3 KB
 * to about 1 KB), so a static server serves them compressed without compressing on each request
 * (sirv's `brotli` and `gzip` options pick them by Accept-Encoding). JavaScript shrinks to about
 * a quarter. At the last stage: the manifest is written at OPTIMIZE_TRANSFER, and every file is
 * compressed as it is emitted.
 */
class PrecompressPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async (assets) => {
          const jobs = Object.keys(assets)
            .filter((name) => /\.(js|css)$|(^|\/)mf-manifest\.json$/.test(name))
            .map(async (name) => {
              const source = compilation.getAsset(name)?.source.buffer();
              if (!source || source.length < 1024) return;
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzip(source, { level: 9 }),
              ]);
              compilation.emitAsset(`${name}.br`, new compiler.webpack.sources.RawSource(br));
              compilation.emitAsset(`${name}.gz`, new compiler.webpack.sources.RawSource(gz));
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}
/**
 * Production: `//# allFunctionsCalledOnLoad` at the top of the scripts a page runs as it starts:
 * the host's entry, its bootstrap chunk and the shared libraries it provides and consumes (the
 * files of start-assets.json); a remote's entry and its exposed modules' chunks. Chromium then compiles
 * their functions on the thread that streams the script, instead of on the main thread the first
 * time each module's factory runs. Measured on a category page: the entry's task from ~32 to
 * ~22 ms and the bootstrap's from ~39 to ~15 ms of main-thread CPU. Browsers without the hint
 * read a comment. Chunks loaded later (the desk, the cart overlay) are left lazy.
 */
class CompileHintsPlugin {
  constructor(private readonly build: { isHost: boolean; containerName: string }) {}

  apply(compiler: import('@rspack/core').Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after the minimizer (which drops comments), before the source maps and the real content hash
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = new Set<string>();
          for (const group of compilation.chunkGroups) {
            if (!this.runsOnLoad(group)) continue;
            for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
          }
          for (const file of files) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        },
      );
    });
  }

  private runsOnLoad(group: import('@rspack/core').ChunkGroup): boolean {
    if (this.build.isHost) return group.name === 'main' || startsWithPage(group);
    return (
      group.name === this.build.containerName ||
      group.origins.some((origin) => origin.module?.identifier().startsWith('container entry') ?? false)
    );
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `<package version>+<build id>`: every build of a remote is its own servable release. */
export function buildVersion(appPackage: PackageJson): string {
  return releaseVersion(
    appPackage.version,
    process.env.BUILD_ID ?? new Date().toISOString().replace(/\D/g, '').slice(0, 14),
  );
}

/** What one app's build is: its mode, version and output folder, decided once for every part below. */
interface Build {
  options: AppOptions;
  appPackage: PackageJson;
  mode: 'development' | 'production';
  prod: boolean;
  /** under `rspack serve` (npm run dev) */
  dev: boolean;
  isHost: boolean;
  version: string;
  outDir: string;
}

function describeBuild(options: AppOptions, argv: { mode?: string }, fixedVersion?: string): Build {
  const mode = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'development' ? 'development' : 'production';
  const dev = process.env.RSPACK_SERVE === 'true' || Boolean(process.env.WEBPACK_SERVE);
  const appPackage = readJson<PackageJson>(path.join(options.dir, 'package.json'));
  const isHost = options.kind === 'host';
  const version = fixedVersion ?? (isHost ? appPackage.version : buildVersion(appPackage));
  // RELEASE_OUT_DIR: `npm run release` builds into a temporary folder it then uploads (scripts/remotes/release.ts)
  const releaseOut = !isHost && !dev && process.env.RELEASE_OUT_DIR ? path.resolve(process.env.RELEASE_OUT_DIR) : null;
  const outDir = isHost || dev ? path.join(options.dir, 'dist') : (releaseOut ?? path.join(options.dir, 'dist', version));
  return { options, appPackage, mode, prod: mode === 'production', dev, isHost, version, outDir };
}

function outputConfig({ options, prod, isHost, outDir }: Build): Configuration['output'] {
  // The host's files live under /static/ (immutable, served apart from the pages);
  // a remote's release folder is immutable as a whole.
  const dir = isHost ? 'static/' : '';
  const hashed = (ext: string) => `${dir}${prod ? `[name].[contenthash:8].${ext}` : `[name].${ext}`}`;
  return {
    path: outDir,
    // Remotes compute their public path from where their manifest was loaded, so one
    // build can be served from any release folder, host or CDN.
    publicPath: isHost ? '/' : 'auto',
    uniqueName: options.name,
    filename: hashed('js'),
    chunkFilename: hashed('js'),
    cssFilename: hashed('css'),
    cssChunkFilename: hashed('css'),
    assetModuleFilename: `${dir}assets/[name].[contenthash:8][ext]`,
    // The host keeps earlier hashed files: a page loaded before a rebuild can still fetch its chunks.
    clean: !isHost,
  };
}

/** Compilation: SWC for TypeScript and JSX, CSS Modules, small assets inlined. */
const moduleConfig = (): Configuration['module'] => ({
  // `import styles from './x.module.css'`: one object per stylesheet.
  parser: { 'css/module': { namedExports: false } },
  rules: [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      type: 'javascript/auto',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          // Never the dev JSX runtime: a remote in development runs on the host's
          // React, which is a production build in `npm run dev -- <remote>`.
          transform: { react: { runtime: 'automatic', development: false } },
        },
        env: { targets: BROWSERS },
      },
    },
    { test: /\.module\.css$/, type: 'css/module' },
    { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
    {
      test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/i,
      type: 'asset',
      parser: { dataUrlCondition: { maxSize: 2048 } },
    },
  ],
});

function federationPlugin({ options, appPackage, dev, isHost }: Build): ModuleFederationPlugin {
  return new ModuleFederationPlugin({
    name: options.name,
    filename: 'remoteEntry.js',
    ...(isHost ? { remotes: {} } : { exposes: exposesOf(remoteName(options.name)) }),
    shared: sharedConfig(appPackage),
    // Load a remote's entry only when a page needs it: with `version-first` every
    // registered remote is fetched at start, and one offline remote stalls start-up.
    shareStrategy: 'loaded-first',
    runtimePlugins: options.runtimePlugins ?? [],
    // A remote's manifest names its server build (the runtime's `ssrRemoteEntry`, read when it runs in Node;
    // `rspack serve` builds none: a remote under development renders in the browser).
    manifest: isHost || dev
      ? true
      : {
          additionalData: ({ stats }) => {
            Object.assign(stats.metaData, {
              ssrRemoteEntry: { name: 'remoteEntry.js', path: SERVER_DIR, type: 'commonjs-module' },
            });
            return stats;
          },
        },
    // Types come from the remotes table (@shop/contracts/remotes), checked by each remote's src/contract.generated.ts (npm run codegen).
    dts: false,
    // One federation runtime per page: the host bundles it and provides it as a global;
    // a remote's entry uses that instead of carrying its own copy (~18 KB gzip each).
    // `target: 'web'` leaves the runtime's Node code out; a remote loads no remotes itself.
    experiments: isHost
      ? { provideExternalRuntime: true, optimization: { target: 'web' } }
      : { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
  });
}

/** The host's page template and its start files. */
function hostPlugins(options: AppOptions) {
  return [
    new rspack.HtmlRspackPlugin({
      template: path.join(options.dir, 'index.html'),
      inject: 'body',
      scriptLoading: 'defer',
      // The server fills the <!--app-head--> and <!--app-state--> placeholders: keep comments.
      minify: false,
    }),
    new StartAssetsPlugin(),
  ];
}

function appPlugins(build: Build): Configuration['plugins'] {
  const { options, mode, prod, dev, isHost, version } = build;
  return [
    appDefines(mode, version),
    federationPlugin(build),
    new SharedExportsCheckPlugin(),
    // The app's trusted documents (codegen's manifest) ship with the build: a remote's release
    // folder, host/dist. The release registers them with the API before activation.
    new rspack.CopyRspackPlugin({
      patterns: [
        {
          from: path.join(options.dir, 'src', 'graphql', 'persisted-operations.json'),
          to: 'persisted-operations.json',
        },
      ],
    }),
    ...(prod && !dev ? [new CompileHintsPlugin({ isHost, containerName: options.name }), new PrecompressPlugin()] : []),
    ...(isHost ? hostPlugins(options) : []),
  ];
}

export function createConfig(options: AppOptions, argv: { mode?: string } = {}, fixedVersion?: string): Configuration {
  const build = describeBuild(options, argv, fixedVersion);
  const { mode, prod, isHost } = build;
  return {
    mode,
    context: options.dir,
    entry: isHost ? { main: './src/index.ts' } : {},
    target: ['web', 'es2022'],
    // No eval-based maps in development either: the shop's CSP refuses 'unsafe-eval'. Production
    // writes its maps for error tooling but names them in no file (the servers answer 404 for *.map).
    devtool: prod ? 'hidden-source-map' : 'cheap-module-source-map',
    output: outputConfig(build),
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: moduleConfig(),
    plugins: appPlugins(build),
    optimization: {
      minimize: prod,
      ...(isHost && prod ? { splitChunks: { cacheGroups: { startLibraries: startLibraries() } } } : {}),
      // The CSS minimizer on the same browsers as the scripts: by default Lightning CSS writes for
      // every browser with ES6 and lowers logical properties into one rule per language
      // direction (Swiper's core CSS went from 6 to 13 KB, inline in every page with a slider).
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSERS } }),
      ],
    },
    performance: { hints: false },
    devServer: {
      // `npm run dev` passes the port it registered for this remote (its port + 100).
      port: Number(process.env.DEV_PORT) || (isHost ? options.devPort : REMOTES[remoteName(options.name)].devPort),
      // The name the browser uses for the remote, so the HMR socket passes the shop's CSP.
      host: 'localhost',
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    experiments: { css: true },
  } as Configuration;
}

/**
 * A remote's two builds from one source and one version: the browser build (above) and the
 * server build into the same release folder's `server/`. The server build is a
 * federation container for Node (`commonjs-module`, target `async-node`) that the host's
 * page server loads per visitor from the same manifest: the browser manifest names it in
 * `metaData.ssrRemoteEntry`, which the federation runtime picks when it runs in Node.
 */
export function createRemoteConfigs(options: AppOptions, argv: { mode?: string } = {}): Configuration[] {
  const appPackage = readJson<PackageJson>(path.join(options.dir, 'package.json'));
  const version = buildVersion(appPackage);
  // The federation runtime's id for this build (`name:version`): a new container takes over a
  // runtime instance of the same id already in the process. Each release its own, so the page
  // server can hold several releases of one remote side by side (host/src/ssr/remote-loader.ts).
  process.env.MF_BUILD_VERSION = version;
  const browser = createConfig(options, argv, version);
  const dev = process.env.RSPACK_SERVE === 'true' || Boolean(process.env.WEBPACK_SERVE);
  if (dev) return [browser];
  browser.name = options.name;
  return [browser, createServerConfig(options, browser, version)];
}

/** Where a release folder keeps its server build, relative to the browser manifest. */
export const SERVER_DIR = 'server';

/** A server build compiles as its browser build, with class names only (the browser build ships the stylesheets). */
function serverModule(browser: Configuration): Configuration['module'] {
  return { ...browser.module, generator: { 'css/module': { exportsOnly: true }, css: { exportsOnly: true } } };
}

/** The mode and the app's version, and any other build-time constants, as the code reads them. */
function appDefines(mode: Configuration['mode'], version: string, more: Record<string, string> = {}) {
  return new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode), __APP_VERSION__: JSON.stringify(version), ...more });
}

function createServerConfig(options: AppOptions, browser: Configuration, version: string): Configuration {
  const appPackage = readJson<PackageJson>(path.join(options.dir, 'package.json'));
  const browserOutput = browser.output ?? {};
  const shared = Object.fromEntries(
    Object.entries(sharedConfig(appPackage)).map(([key, { treeShaking: _unused, ...item }]) => [key, item]),
  );
  return {
    ...browser,
    name: `${options.name}-server`,
    // After the browser build: its `output.clean` empties the release folder this one writes into.
    dependencies: [options.name],
    target: 'async-node',
    devtool: false,
    output: {
      path: path.join(String(browserOutput.path), SERVER_DIR),
      // Asset URLs in the server's HTML must be the browser's: the page server sets the
      // release folder's public URL at load (`__webpack_require__.p` is the manifest's folder).
      publicPath: 'auto',
      uniqueName: options.name,
      filename: '[name].js',
      chunkFilename: '[name].js',
      // One file: the container never loads a chunk by URL. @module-federation/node's chunk loader
      // falls back to finding "the" release of a remote by its name across the process, and the page
      // server keeps several releases of one remote loaded at once (active, canary, previews).
      asyncChunks: false,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    module: serverModule(browser),
    plugins: [
      appDefines(browser.mode, version),
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name: options.name },
        exposes: exposesOf(remoteName(options.name)),
        shared,
        shareStrategy: 'loaded-first',
        runtimePlugins: [createRequire(import.meta.url).resolve('@module-federation/node/runtimePlugin')],
        remoteType: 'script',
        manifest: false,
        dts: false,
      }),
    ],
    optimization: { minimize: false, splitChunks: false },
  } as Configuration;
}

/**
 * The host's two builds: the browser app (above) and the server renderer
 * (`src/ssr/render.tsx` → `server-dist/ssr/render.cjs`), the same React tree for Node that the
 * page server (host/server) calls per request. Packages from node_modules stay outside the
 * bundle (one React for the renderer and every remote's server build it loads); the
 * workspace's own packages are compiled in, with the browser build's CSS class names.
 */
export function createHostConfigs(options: AppOptions, argv: { mode?: string } = {}): Configuration[] {
  const browser = createConfig(options, argv);
  const dev = process.env.RSPACK_SERVE === 'true' || Boolean(process.env.WEBPACK_SERVE);
  if (dev) return [browser];
  const appPackage = readJson<PackageJson>(path.join(options.dir, 'package.json'));
  return [
    browser,
    {
      ...browser,
      name: 'host-server',
      entry: { render: './src/ssr/render.tsx' },
      target: 'node20',
      devtool: 'source-map',
      output: {
        path: path.join(options.dir, 'server-dist', 'ssr'),
        publicPath: '/',
        uniqueName: options.name,
        filename: '[name].cjs',
        chunkFilename: '[name].cjs',
        assetModuleFilename: 'static/assets/[name].[contenthash:8][ext]',
        library: { type: 'commonjs2' },
        clean: true,
      },
      externalsType: 'commonjs',
      externals: [
        ({ request }: { request?: string }, callback: (error?: Error, result?: string) => void) => {
          // a bare package name from node_modules, not a workspace package (@shop/…), a stylesheet or
          // the federation runtime (a build tool, not in the host image's production packages)
          if (
            request &&
            /^(@[a-z0-9-]+\/)?[a-z0-9][a-z0-9._-]*(\/.*)?$/i.test(request) &&
            !request.startsWith('@shop/') &&
            !request.startsWith('@module-federation/') &&
            !request.endsWith('.css')
          )
            return callback(undefined, request);
          callback();
        },
      ],
      module: serverModule(browser),
      plugins: [
        appDefines(browser.mode, appPackage.version, {
          // the versions the renderer provides its singletons under to the remotes' server builds
          __SHARED_VERSIONS__: JSON.stringify(Object.fromEntries(SINGLETONS.map((name) => [name, installedVersion(name)]))),
          // every share key of the policy (singletons and their subpaths): the renderer refuses to start without one
          __SHARED_KEYS__: JSON.stringify([...SINGLETONS, ...Object.keys(SHARED_SUBPATHS)]),
        }),
      ],
      optimization: { minimize: false, splitChunks: false },
    } as Configuration,
  ];
}

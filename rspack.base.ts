/**
 * The one rspack configuration factory every front-end app extends (host and remotes).
 * It owns what must be identical everywhere: compilation (SWC, CSS Modules, assets),
 * minification and source maps, and the federation singleton list with the versions
 * taken from each app's package.json, so a remote built months later still negotiates
 * the same singletons with the host.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';

export type AppKind = 'host' | 'remote';

export interface AppOptions {
  /** Federation name: `host`, `mf_catalog`, `mf_product`, `mf_cart`. */
  name: string;
  kind: AppKind;
  /** The app's package folder (its rspack.config.ts passes `import.meta.dirname`). */
  dir: string;
  /** Remotes only: exposed module name → source file (relative to `dir`). */
  exposes?: Record<string, string>;
  /** Host only: federation runtime plugins (absolute paths). */
  runtimePlugins?: string[];
  /** Port of `rspack serve` in `npm run dev`. */
  devPort?: number;
}

/**
 * Packages that must exist once per page. `mf-shared` is on the list because it calls
 * zustand's `create()` and holds React contexts: sharing zustand alone would still give
 * every remote its own cart store. Keys ending in `/` share the package's subpaths
 * (`react/jsx-runtime`, `@apollo/client/react`, `zustand/middleware`), which would
 * otherwise be bundled into every app.
 */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@apollo/client',
  'graphql',
  'zustand',
  '@shop/mf-shared',
] as const;
const SUBPATH_SHARED = ['react', 'react-dom', '@apollo/client', 'zustand'] as const;

const rootDir = import.meta.dirname;

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

export function sharedConfig(appPackage: PackageJson) {
  const deps = { ...appPackage.peerDependencies, ...appPackage.dependencies };
  const shared: Record<string, { singleton: true; requiredVersion: string; version?: string; strictVersion?: boolean }> = {};
  for (const name of SINGLETONS) {
    const requiredVersion = deps[name];
    if (!requiredVersion) throw new Error(`${appPackage.name} must depend on the federation singleton ${name}`);
    // Workspace packages are not versioned on a registry: pin the exact version so a
    // remote built against another mf-shared contract is refused instead of mixed in.
    const range = name === '@shop/mf-shared' ? `^${installedVersion(name)}` : requiredVersion;
    shared[name] = { singleton: true, requiredVersion: range };
  }
  for (const name of SUBPATH_SHARED) {
    shared[`${name}/`] = { singleton: true, requiredVersion: deps[name] ?? `^${installedVersion(name)}` };
  }
  return shared;
}

/** `<package version>-<build id>`: every build of a remote is its own servable release. */
export function buildVersion(appPackage: PackageJson): string {
  const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  if (!/^[0-9A-Za-z.-]+$/.test(buildId)) throw new Error(`BUILD_ID may hold only letters, digits, dots and dashes: ${buildId}`);
  return `${appPackage.version}-${buildId}`;
}

export function createConfig(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const mode = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'development' ? 'development' : 'production';
  const prod = mode === 'production';
  const dev = process.env.RSPACK_SERVE === 'true' || Boolean(process.env.WEBPACK_SERVE);
  const appPackage = readJson<PackageJson>(path.join(options.dir, 'package.json'));
  const isHost = options.kind === 'host';
  const version = isHost ? appPackage.version : buildVersion(appPackage);
  const outDir = isHost || dev ? path.join(options.dir, 'dist') : path.join(options.dir, 'dist', version);

  return {
    mode,
    context: options.dir,
    entry: isHost ? { main: './src/index.ts' } : {},
    target: ['web', 'es2022'],
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outDir,
      // Remotes compute their public path from where their manifest was loaded, so one
      // build can be served from any release folder, host or CDN.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: options.name,
      // The host's files live under /static/ (immutable, served apart from the pages);
      // a remote's release folder is immutable as a whole.
      filename: `${isHost ? 'static/' : ''}${prod ? '[name].[contenthash:8].js' : '[name].js'}`,
      chunkFilename: `${isHost ? 'static/' : ''}${prod ? '[name].[contenthash:8].js' : '[name].js'}`,
      cssFilename: `${isHost ? 'static/' : ''}${prod ? '[name].[contenthash:8].css' : '[name].css'}`,
      cssChunkFilename: `${isHost ? 'static/' : ''}${prod ? '[name].[contenthash:8].css' : '[name].css'}`,
      assetModuleFilename: `${isHost ? 'static/' : ''}assets/[name].[contenthash:8][ext]`,
      // The host keeps earlier hashed files: a page loaded before a rebuild can still fetch its chunks.
      clean: !isHost,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
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
              transform: { react: { runtime: 'automatic', development: !prod } },
            },
            env: { targets: 'chrome >= 109, firefox >= 115, safari >= 15.4' },
          },
        },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __APP_VERSION__: JSON.stringify(version),
      }),
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        ...(isHost ? { remotes: {} } : { exposes: options.exposes ?? {} }),
        shared: sharedConfig(appPackage),
        // Load a remote's entry only when a page needs it: with `version-first` every
        // registered remote is fetched at start, and one offline remote stalls start-up.
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        manifest: true,
        // Types come from mf-shared's remote contracts (see mf-shared/src/contracts.ts).
        dts: false,
      }),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(options.dir, 'index.html'),
              inject: 'body',
              scriptLoading: 'defer',
              // The server fills the <!--app-head--> and <!--app-state--> placeholders: keep comments.
              minify: false,
            }),
          ]
        : []),
    ],
    optimization: { minimize: prod },
    performance: { hints: false },
    devServer: {
      port: options.devPort,
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    experiments: { css: true },
  } as Configuration;
}

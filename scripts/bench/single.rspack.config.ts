/**
 * The benchmark's comparison build: the host app with every remote page imported
 * statically (scripts/bench/single-remotes.ts replaces host/src/federation/remotes.ts), no
 * Module Federation, one plain bundle. Same compiler settings as rspack.base.ts.
 * Output: .run/bench-web/single/ (served by the host server with HOST_DIST_DIR).
 */
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { createConfig } from '../../rspack.base.ts';

/**
 * The environment of the host server that serves the single bundle: no remote registry.
 * The bundle holds every page itself; with the registry the server would preload the page
 * remote's federated files (entry, exposed chunks) into the single-bundle page too, and the
 * benchmark would count those never-run scripts against the single bundle. Rendered in the
 * browser (SSR=off): the server renderer is the federated host's, it cannot render this bundle.
 */
export const SINGLE_SERVER_ENV = { REGISTRY_JSON: '{}', SSR: 'off' } as const;

const root = path.resolve(import.meta.dirname, '..', '..');
const hostDir = path.join(root, 'host');

export default (): Configuration => {
  const base = createConfig({ name: 'host', kind: 'host', dir: hostDir }, { mode: 'production' });
  const plugins = (base.plugins ?? []).filter((plugin) => plugin?.constructor?.name !== 'ModuleFederationPlugin');
  return {
    ...base,
    // bootstrap directly: without federation there is no async boundary to wait for.
    entry: { main: './src/bootstrap.tsx' },
    output: { ...base.output, path: process.env.BENCH_SINGLE_DIR ?? path.join(root, '.run', 'bench-web', 'single'), clean: true },
    plugins: [
      ...plugins,
      new rspack.NormalModuleReplacementPlugin(/[\\/]host[\\/]src[\\/]federation[\\/]remotes\.ts$/, path.join(import.meta.dirname, 'single-remotes.ts')),
    ],
    optimization: { ...base.optimization, splitChunks: false },
  };
};

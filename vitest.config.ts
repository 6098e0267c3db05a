import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// A relative import, not @shop/contracts/remotes: vite bundles this config with esbuild and leaves package imports to plain Node, which cannot load @shop/contracts' TypeScript source; a relative import is bundled
import { REMOTES } from './contracts/src/remotes.ts';

const REMOTE_DIRS = Object.values(REMOTES).map((remote) => remote.dir);

// One workspace config for every package: the API's integration tests run in Node
// against a real database; the front-end unit and component tests run in happy-dom.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Most files
    // here wait on a database, a spawned server or Chromium, so two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Vite would load graphql's ESM build for our code while graphql-yoga, run by Node,
        // gets the CommonJS one: two graphql instances reject each other's types.
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'api',
          root: './api',
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // starts a throwaway PostgreSQL and seeds both drivers' templates once
          globalSetup: ['./test/global-setup.ts'],
          // Each file opens its own databases and app: the API's modules load once per worker, not
          // once per file (3.5 → 2.3 min here, shuffled orders too). The release service's and the
          // tooling's files register checks and start processes: they stay isolated.
          isolate: false,
        },
      },
      {
        // the release service: its routes through Fastify's inject, the catalogue API in process
        // beside it on the same database (both drivers), the smoke with Debian's Chromium
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'release',
          root: './release',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          // the host, mf-shared and every remote of the remotes table
          include: [`{${['host', 'mf-shared', ...REMOTE_DIRS].join(',')}}/src/**/*.test.{ts,tsx}`],
          environment: 'happy-dom',
          globals: true,
          // Components and stores, no servers: one module graph per worker instead of one per
          // file (57 s → 11 s here). A file that changes module state resets it in its own hooks.
          isolate: false,
          setupFiles: ['./vitest.web-setup.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts', 'e2e/faults/**/*.test.ts', 'host/server/**/*.test.ts', 'contracts/src/**/*.test.ts', 'server-kit/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});

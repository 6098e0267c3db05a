import { defineConfig } from 'vitest/config';

// One workspace config for every package: the API's integration tests run in Node
// against a real database; the front-end unit and component tests run in happy-dom.
export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'web',
          include: ['{host,mf-shared,mf-catalog,mf-product,mf-cart}/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          globals: true,
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts', 'host/server/**/*.test.ts', 'contracts/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});

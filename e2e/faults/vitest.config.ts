import path from 'node:path';
import { defineConfig } from 'vitest/config';
import FaultsReport from './report.ts';

// The fault suite (`npm run test:faults`): minutes of load, crashes and bad input against the
// API as a real process, so it is its own run, never part of the workspace's `vitest run`.
export default defineConfig({
  // graphql-yoga, run by Node, gets graphql's CommonJS build: the import command's catalogue
  // generator (@shop/api) must see the same instance
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    name: 'faults',
    root: path.resolve(import.meta.dirname, '..', '..'),
    include: ['e2e/faults/*.faults.ts'],
    environment: 'node',
    // one PostgreSQL for the whole run, the stages one after another as they load the machine
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
    reporters: ['default', new FaultsReport()],
  },
});

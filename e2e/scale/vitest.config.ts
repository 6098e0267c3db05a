import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The scale test (`npm run test:scale`, and a step of its own in `npm test` after the vitest
// step): two replicas of the API and of the host behind nginx, started as processes from the
// production builds, so it is its own run, never part of the workspace's `vitest run`.
export default defineConfig({
  test: {
    name: 'scale',
    root: path.resolve(import.meta.dirname, '..', '..'),
    include: ['e2e/scale/*.scale.ts'],
    environment: 'node',
    // the rules run one after another on one cluster, in the file's order
    fileParallelism: false,
    sequence: { shuffle: false },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts';

// One output folder per run: engineers (and CI) may run several suites at once on one
// machine. Set once here; the workers inherit it with the environment.
process.env.PW_RUN_ID ||= String(Date.now());

/**
 * Browser tests drive Debian's Chromium (Playwright's own browser download cannot work on
 * this network) against the real built host, remotes and API, started by global-setup on
 * free ports with a fresh database.
 */
/**
 * Files that change what every shopper of the one shared shop sees, or read what every test
 * sends: releases activated and rolled back, catalogue imports, orders that take stock (a size
 * sold out mid-test changes listings, counts and prices other tests compare), the fake carrier
 * told to fail, the analytics counter's and the desk's shared lists, the host flooded, and
 * timings judged on an unloaded machine. They run one at a time, after the rest. Everything else
 * only reads the catalogue or works on its own cart (never ordered) or private host: two browsers
 * at once run those about 1.7 times faster on two cores.
 */
const ONE_AT_A_TIME = [
  'release-*.spec.ts',
  'ssr-release.spec.ts',
  'faults-security.spec.ts',
  'host-check.spec.ts',
  'start-cost.spec.ts',
  'ssr-load-shedding.spec.ts',
  'page-cache.spec.ts',
  'catalog-colours.spec.ts',
  'cart-checkout.spec.ts',
  'overlays.spec.ts',
  'catalog-photos.spec.ts',
  'delivery.spec.ts',
  'order-lifecycle.spec.ts',
  'returns.spec.ts',
  'orders-desk.spec.ts',
  'host-analytics.spec.ts',
  'host-ecommerce-funnel.spec.ts',
  // a slow phone's CPU profile: its first tap is judged on a machine nobody else is loading
  'first-tap.spec.ts',
  'hydration-wait.spec.ts',
  // a just-started private host must answer within 3.5 s
  'ssr-hanging.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // a file's tests stay in order on one worker; files are shared out
  fullyParallel: false,
  workers: 2,
  // One retry: a 2-core CI machine running Chromium, four servers and a database stalls now and
  // then. A test that needed it is reported by name as flaky by `npm test` (never as passed).
  retries: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../.run/test-results/${process.env.PW_RUN_ID}`,
  use: {
    baseURL: process.env.SHOP_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // A trace records every frame: a fifth of a test's time when kept for every run. The retry
    // of a failed test records one (and a test that fails twice keeps it).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_ARGS],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: ONE_AT_A_TIME },
    // Runs once the first has ended (and not at all when it failed: fix that first).
    {
      name: 'one-at-a-time',
      use: { browserName: 'chromium' },
      testMatch: ONE_AT_A_TIME,
      workers: 1,
      dependencies: ['chromium'],
    },
  ],
});

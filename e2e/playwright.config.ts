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
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});

import { defineConfig } from '@playwright/test';

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
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../.run/test-results/${process.env.PW_RUN_ID}`,
  use: {
    baseURL: process.env.SHOP_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});

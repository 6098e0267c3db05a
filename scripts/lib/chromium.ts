/**
 * Debian's Chromium as the browser tests and benchmarks launch it. Playwright's own browser
 * download cannot work on this network; without the networking flags Chromium keeps trying
 * hosts the closed network refuses. Callers add their own --headless flavour.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

// the flags are the API's (its release smoke launches the same browser)
export { CHROMIUM_ARGS } from '@shop/release/chromium';

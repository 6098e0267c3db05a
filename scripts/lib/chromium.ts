/**
 * Debian's Chromium as the browser tests and benchmarks launch it. Playwright's own browser
 * download cannot work on this network; without the networking flags Chromium keeps trying
 * hosts the closed network refuses. Callers add their own --headless flavour.
 */
import { headlessChromiumPath } from '@shop/release/chromium';

// the flags and the binary are the release smoke's: the tests launch the same browser
export { CHROMIUM_ARGS } from '@shop/release/chromium';
export const CHROMIUM_PATH = headlessChromiumPath(process.env.CHROMIUM_PATH || process.env.CHROME_PATH);

/**
 * Debian's Chromium as this project launches it headless: the API's release smoke, and the
 * browser tests and benchmarks (scripts/lib/chromium.ts re-exports it). No sandbox in a
 * container, no GPU, and none of Chromium's own background traffic on a closed network.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

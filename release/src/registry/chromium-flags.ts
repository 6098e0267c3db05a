import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as this project launches it headless: the release smoke, and the browser
 * tests (scripts/lib/chromium.ts re-exports it). No sandbox in a container, no GPU, and none of
 * Chromium's own background traffic on a closed network.
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

/**
 * Which Chromium drives headless pages: Debian's headless shell when it is installed (the same
 * Blink and V8 without the browser's window and UI, what Playwright itself runs headless; it
 * costs about a fifth less CPU per page), otherwise the full browser.
 */
export function headlessChromiumPath(explicit?: string): string {
  if (explicit?.trim()) return explicit.trim();
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

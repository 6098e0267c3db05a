import { expect, type Page } from '@playwright/test';

/**
 * Server-rendering helpers for the ssr-*.spec.ts browser tests (issue 20).
 * The page is live once the shell committed (`html[data-live]`) and every remote area on it
 * rendered its module or its error (`[data-remote][data-ready]`): server HTML looks the same
 * before that, and a click before hydration does nothing.
 */
export async function hydrated(page: Page, { areas = true }: { areas?: boolean } = {}): Promise<void> {
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  // a page of the host alone (404) has no remote area
  if (areas) await expect(page.locator('[data-remote]').first()).toBeAttached();
  await expect(page.locator('[data-remote]:not([data-ready])')).toHaveCount(0);
}

/** The page state the server wrote (`#shop-state`), parsed from raw HTML. */
export function pageState(html: string): { registry: Record<string, string>; apollo?: Record<string, unknown>; [key: string]: unknown } {
  const json = html.match(/<script type="application\/json" id="shop-state">(.*?)<\/script>/s)?.[1];
  if (!json) throw new Error('the page has no #shop-state');
  return JSON.parse(json);
}

/** What the server rendered inside #root (the HTML between `<div id="root">` and the page state). */
export function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  if (start < 0) throw new Error('the page has no #root');
  const end = html.indexOf('id="shop-state"', start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** A fetch's time and text; `fetch` is Node's, no browser involved. */
export async function timedGet(url: string, init: RequestInit = {}): Promise<{ ms: number; status: number; html: string; headers: Headers }> {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const html = await response.text();
  return { ms: performance.now() - started, status: response.status, html, headers: response.headers };
}

import type { Page } from '@playwright/test';

/**
 * Goes to `path` inside the running app, as a link does (history + the router's popstate), with
 * no new document. Under server rendering a page's first data come from the host server, not
 * through the browser: what the browser does with the API itself (its failures, its answers) is
 * seen on the pages it opens after the first one.
 */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

import type { Page } from '@playwright/test';

/** A returning visitor who already accepted cookies and saw the search tooltip, so overlays stay out of the way. */
export async function returningVisitor(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    localStorage.setItem('cookiesAccepted', 'true');
    localStorage.setItem('shop-search-tooltip-seen', 'true');
  });
}

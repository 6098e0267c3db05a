import type { Page } from '@playwright/test';

/** The host's bucket of a visitor for a remote (host/server/registry.ts): FNV-1a of «remote:id», mod 100. */
export function bucket(visitorId: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${visitorId}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/**
 * Fresh visitor ids the host puts on a remote's canary of `percent` (bucket below it), or, with
 * `onCanary` false, ids it keeps on the active release.
 */
export function canaryVisitors(count: number, percent: number, remote = 'mf_catalog', onCanary = true): string[] {
  const ids: string[] = [];
  for (let i = 0; ids.length < count; i++) {
    const id = `e2e-visitor-${Date.now().toString(36)}-${i}`;
    if (bucket(id, remote) < percent === onCanary) ids.push(id);
  }
  return ids;
}

/**
 * Sends the page's pending health reports now, as the page does when the shopper leaves it
 * (`pagehide`, host/src/federation/health-report.ts), instead of after its 5 s batching timer.
 * Call it once the page's areas are settled (the test's pages wait for that after each load): every
 * area's view or failure is counted by then.
 */
export async function leaveAndReport(page: Page): Promise<void> {
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
}

// Guards the server's one-pass render (host/src/ssr/query-plan.tsx): a page rendered again by a
// warm server sends the queries it learned first and renders once (Server-Timing `passes`), and
// that page is the very page two passes made (HTML and state), which hydrates with no error and
// answers its first tap. Without the page cache, so every answer is a render.
import { someProductPath } from '../support/catalog.ts';
import { returningVisitor } from '../support/fresh-visitor.ts';
import { shop, startPrivateHost } from '../support/private-host.ts';
import { hydrated, pageState, rootHtml } from '../support/ssr.ts';
import { expect, test } from '../support/test.ts';

test.setTimeout(120_000);

interface Render {
  passes: number;
  root: string;
  apollo: unknown;
}

async function render(url: string): Promise<Render> {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-render')).toBeNull();
  const passes = Number(/passes;desc=(\d+)/.exec(answer.headers.get('server-timing') ?? '')?.[1]);
  const html = await answer.text();
  // the nonce is new with every answer
  return { passes, root: rootHtml(html).replace(/ nonce="[^"]*"/g, ''), apollo: pageState(html).apollo };
}

test('a page rendered again takes one pass and is the same page, which hydrates and answers a tap', async ({ browser, request }) => {
  const host = await startPrivateHost(shop.registry, { PAGE_CACHE: 'off' });
  try {
    const product = await someProductPath(request);
    for (const path of ['/', '/catalog/obuv', `/catalog/obuv?sort=price_asc&page=2`, product]) {
      const first = await render(host.url + path);
      expect(first.passes, `${path}: the first render asks, then renders with the answers`).toBe(2);
      const again = await render(host.url + path);
      expect(again.passes, `${path}: rendered again in one pass`).toBe(1);
      expect(again.root, `${path}: the same HTML`).toBe(first.root);
      expect(again.apollo, `${path}: the same state`).toEqual(first.apollo);
      expect(again.root).toContain('data-remote');
    }

    const context = await browser.newContext({ hasTouch: true });
    try {
      const page = await context.newPage();
      await returningVisitor(page);
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      const answer = await page.goto(`${host.url}/catalog/obuv`);
      expect(answer?.headers()['server-timing']).toContain('passes;desc=1');
      await hydrated(page);
      const card = page.getByRole('article').first();
      await card.getByRole('button', { name: /^В избранное/ }).tap();
      await expect(card.getByRole('button', { name: /^Убрать из избранного/ })).toHaveAttribute('aria-pressed', 'true');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  } finally {
    await host.stop();
  }
});

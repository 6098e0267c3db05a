// Issue 20: the heart is rendered on the server (no browser storage: unliked) and hydrated in the
// browser that has the shopper's «Избранное»: the same markup on both sides (no hydration error),
// then liked right after hydration, and a click still toggles and stores it.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The button from freshly imported modules (a new page load: a new store, read from storage). */
async function heart() {
  const { LikeButton } = await import('./like-button.tsx');
  return <LikeButton productId="5" name="Кроссовки Nike Dunk Low" />;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LikeButton: server render, then hydration', () => {
  it('unliked in the HTML, liked after hydration, no hydration error; a click unlikes and stores it', async () => {
    vi.resetModules();
    const storage = globalThis.localStorage;
    vi.stubGlobal('localStorage', undefined);
    const html = renderToString(await heart());
    vi.stubGlobal('localStorage', storage);
    expect(html).toContain('aria-pressed="false"');

    localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['5'] }, version: 1 }));
    vi.resetModules();
    const browser = await heart();
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, browser, { onRecoverableError: recoverable });
    });
    expect(recoverable.mock.calls).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
    const button = container.querySelector('button');
    expect(button?.getAttribute('aria-pressed')).toBe('true');
    expect(button?.getAttribute('aria-label')).toBe('Убрать из избранного: Кроссовки Nike Dunk Low');

    await act(async () => button?.click());
    expect(button?.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse(localStorage.getItem('shop-favourites') ?? '{}').state.ids).toEqual([]);
  });
});

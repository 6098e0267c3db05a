// The heart is rendered on the server (no browser storage: unliked) and hydrated in the
// browser that has the shopper's «Избранное»: the same markup on both sides (no hydration error),
// then liked right after hydration, and a click still toggles and stores it.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { expectCleanHydration, serverThenHydrate } from '../testing.tsx';

/** The button from freshly imported modules (a new page load: a new store, read from storage). */
async function heart() {
  const { LikeButton } = await import('./like-button.tsx');
  return <LikeButton productId="5" name="Кроссовки Nike Dunk Low" />;
}

describe('LikeButton: server render, then hydration', () => {
  it('unliked in the HTML, liked after hydration, no hydration error; a click unlikes and stores it', async () => {
    const hydrated = await serverThenHydrate(heart, {
      store: () => localStorage.setItem('shop-favourites', JSON.stringify({ state: { ids: ['5'] }, version: 1 })),
    });
    expect(hydrated.html).toContain('aria-pressed="false"');
    expectCleanHydration(hydrated);
    const button = hydrated.container.querySelector('button');
    expect(button?.getAttribute('aria-pressed')).toBe('true');
    expect(button?.getAttribute('aria-label')).toBe('Убрать из избранного: Кроссовки Nike Dunk Low');

    await act(async () => button?.click());
    expect(button?.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse(localStorage.getItem('shop-favourites') ?? '{}').state.ids).toEqual([]);
  });
});

import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createPath, type Location, type NavigationType, type Navigator, type To, Router } from 'react-router-dom';
import { type GalleryHistory, useGalleryHistory } from './use-photo-param.ts';

afterEach(cleanup);

const path = (to: To) => (typeof to === 'string' ? to : createPath(to));

interface Pushed {
  to: string;
  state: unknown;
  replace: boolean;
}

/**
 * The hook under a router whose location the test sets: the browser's history gets each push at
 * once, but the router may render an entry after the shopper has already stepped again.
 */
function galleryAt(first: Partial<Location>) {
  const pushed: Pushed[] = [];
  const back: number[] = [];
  const navigator = {
    push: (to: To, state: unknown) => pushed.push({ to: path(to), state, replace: false }),
    replace: (to: To, state: unknown) => pushed.push({ to: path(to), state, replace: true }),
    go: (delta: number) => back.push(delta),
    createHref: path,
  } as Navigator;
  let location: Location = { pathname: '/p', search: '', hash: '', state: null, key: 'start', ...first };
  let type: NavigationType = 'POP' as NavigationType;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router location={location} navigator={navigator} navigationType={type}>
      {children}
    </Router>
  );
  const hook = renderHook(() => useGalleryHistory(() => true), { wrapper });
  return {
    pushed,
    back,
    get gallery(): GalleryHistory {
      return hook.result.current;
    },
    /** The router renders the n-th pushed entry (0-based): as it was pushed, or reached by Back (POP). */
    render(n: number, how?: 'POP') {
      const entry = pushed[n] as Pushed;
      const url = new URL(entry.to, 'http://shop');
      location = { pathname: url.pathname, search: url.search, hash: '', state: entry.state, key: `k${n}` };
      type = (how ?? (entry.replace ? 'REPLACE' : 'PUSH')) as NavigationType;
      hook.rerender();
    },
  };
}

describe('the gallery in the browser history', () => {
  it('closing the viewer goes back over every photo stepped to, however fast the steps came', () => {
    const g = galleryAt({ state: { grid: true } });
    g.gallery.showPhoto('1');
    g.render(0);
    // three quick steps: the router renders the second one's entry only after the third was pressed
    const onFirst = g.gallery;
    onFirst.showPhoto('2');
    onFirst.showPhoto('3');
    g.render(1);
    g.gallery.showPhoto('4');
    g.render(2);
    g.render(3);
    expect(g.pushed.map((p) => (p.state as { depth: number }).depth)).toEqual([1, 2, 3, 4]);
    g.gallery.closeViewer();
    expect(g.back).toEqual([-4]);
  });

  it('after Back to an earlier photo, closing goes back over the photos left', () => {
    const g = galleryAt({ state: { grid: true } });
    g.gallery.showPhoto('1');
    g.render(0);
    g.gallery.showPhoto('2');
    g.render(1);
    g.gallery.showPhoto('3');
    g.render(2);
    // Back: the router shows the second photo's entry again
    g.render(1, 'POP');
    const backTo = g.pushed[1] as Pushed;
    expect((backTo.state as { depth: number }).depth).toBe(2);
    g.gallery.closeViewer();
    expect(g.back).toEqual([-2]);
  });
});

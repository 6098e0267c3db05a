import { act, memo, startTransition, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Router, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beginHydration, settleHydration } from '../shell/browser-snapshot.ts';
import { HydrateOnView } from './hydrate-on-view.tsx';

let browserRenders = 0;
let root: Root | null = null;
let observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
// the web tests share one document and its globals: whatever was there is put back after each test
const ORIGINAL_OBSERVER = Object.getOwnPropertyDescriptor(globalThis, 'IntersectionObserver');

function Counter() {
  browserRenders++;
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Нажато {count}
    </button>
  );
}

const page = () => (
  <MemoryRouter>
    <main>
      <h1>Главная</h1>
      <HydrateOnView>
        <Counter />
      </HydrateOnView>
    </main>
  </MemoryRouter>
);

async function hydrateServerPage(): Promise<{ container: HTMLElement; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  browserRenders = 0;
  const errors: unknown[] = [];
  beginHydration();
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

const section = (container: HTMLElement) => container.querySelector('[data-hydrate]') as HTMLElement;

beforeEach(() => {
  observers = [];
  // jsdom has no IntersectionObserver: this one is told by the test when its targets come near
  class NearObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve(target: Element) {
      this.entry.targets = this.entry.targets.filter((t) => t !== target);
    }
    disconnect() {
      this.entry.targets = [];
    }
  }
  Object.defineProperty(globalThis, 'IntersectionObserver', { value: NearObserver, configurable: true, writable: true });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  settleHydration();
  if (ORIGINAL_OBSERVER) Object.defineProperty(globalThis, 'IntersectionObserver', ORIGINAL_OBSERVER);
  else delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  document.body.innerHTML = '';
});

describe('HydrateOnView', () => {
  it("keeps a server-rendered section's HTML, unhydrated, until it comes near the screen", async () => {
    const { container, errors } = await hydrateServerPage();
    expect(browserRenders).toBe(0);
    expect(section(container).hasAttribute('data-hydrated')).toBe(false);
    expect(container.textContent).toContain('Нажато 0');

    const near = observers.find((o) => o.targets.includes(section(container)));
    expect(near).toBeDefined();
    await act(async () => near?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(browserRenders).toBe(1);
    expect(section(container).hasAttribute('data-hydrated')).toBe(true);
    await act(async () => container.querySelector('button')?.click());
    expect(container.textContent).toContain('Нажато 1');
    expect(errors).toEqual([]);
  });

  it('hydrates a section the moment it is touched, and the tap that follows counts', async () => {
    const { container, errors } = await hydrateServerPage();
    const button = container.querySelector('button') as HTMLButtonElement;
    await act(async () => {
      button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(section(container).hasAttribute('data-hydrated')).toBe(true);
    await act(async () => button.click());
    expect(container.textContent).toContain('Нажато 1');
    // the server's button, not a new one
    expect(container.querySelector('button')).toBe(button);
    expect(errors).toEqual([]);
  });

  it('renders at once in a page the browser renders itself', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    browserRenders = 0;
    root = createRoot(container);
    await act(async () => root?.render(page()));
    expect(browserRenders).toBe(1);
    expect(section(container).hasAttribute('data-hydrated')).toBe(true);
  });
});

describe('HydrateOnView, rendered again before it hydrated', () => {
  it('hydrates and shows the new children at once: a page switch does not wait for a section nobody scrolled to', async () => {
    const container = document.createElement('div');
    const shelf = (title: string) => (
      <MemoryRouter>
        <main>
          <HydrateOnView>
            <p>{title}</p>
          </HydrateOnView>
        </main>
      </MemoryRouter>
    );
    container.innerHTML = renderToString(shelf('Страница 1'));
    document.body.append(container);
    const errors: unknown[] = [];
    beginHydration();
    await act(async () => {
      root = hydrateRoot(container, shelf('Страница 1'), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(section(container).hasAttribute('data-hydrated')).toBe(false);
    await act(async () => startTransition(() => root?.render(shelf('Страница 2'))));
    expect(container.textContent).toBe('Страница 2');
    expect(errors).toEqual([]);
  });
});

describe('HydrateOnView, a new address before it hydrated', () => {
  it('hydrates when only the router context changes: a navigation does not wait for a card nobody scrolled to', async () => {
    function Where() {
      return <p>{useLocation().search || 'без фильтров'}</p>;
    }
    // memoised, as a listing's card is: nothing renders it again, only the router's context reaches it
    const Card = memo(function Card() {
      return (
        <HydrateOnView>
          <Where />
        </HydrateOnView>
      );
    });
    const at = (search: string) => (
      <Router location={{ pathname: '/catalog/obuv', search }} navigator={{} as never}>
        <main>
          <Card />
        </main>
      </Router>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(at('?brand=abc'));
    document.body.append(container);
    const errors: unknown[] = [];
    beginHydration();
    await act(async () => {
      root = hydrateRoot(container, at('?brand=abc'), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(section(container).hasAttribute('data-hydrated')).toBe(false);
    await act(async () => startTransition(() => root?.render(at(''))));
    expect(container.textContent).toBe('без фильтров');
    expect(errors).toEqual([]);
  });
});

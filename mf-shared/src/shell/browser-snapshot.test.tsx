import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { beginHydration, isHydrating, settleHydration, useBrowserSnapshot } from './browser-snapshot.ts';
import { useHydrated } from './use-hydrated.ts';

let renders = 0;
let root: Root | null = null;
const never = () => () => {};
const browser = () => 'в браузере';
const server = () => 'на сервере';

function Stored() {
  renders++;
  const value = useBrowserSnapshot(never, browser, server);
  const hydrated = useHydrated();
  return (
    <p>
      {value} {hydrated ? 'живой' : 'статичный'}
    </p>
  );
}

function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Stored />);
  document.body.append(container);
  renders = 0;
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  settleHydration();
  document.body.innerHTML = '';
  renders = 0;
});

describe('useBrowserSnapshot', () => {
  it("keeps the server's value through hydration, without a second render, until the host settles", async () => {
    const container = serverPage();
    expect(container.textContent).toBe('на сервере статичный');
    beginHydration();
    expect(isHydrating()).toBe(true);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Stored />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('на сервере статичный');
    expect(renders).toBe(1);

    await act(async () => settleHydration());
    expect(isHydrating()).toBe(false);
    expect(container.textContent).toBe('в браузере живой');
    expect(renders).toBe(2);
  });

  it("shows the browser's value at once in a render that is not a hydration", async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root?.render(<Stored />));
    expect(container.textContent).toBe('в браузере живой');
    expect(renders).toBe(1);
  });
});

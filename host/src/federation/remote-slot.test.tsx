// Guards a remote area mounted in the browser after hydration (a page switch): it waits for its
// module without Suspense (React's reveal throttling held a switched page back ~300 ms), renders
// a module already loaded at once, shows «Повторить» when the module fails, and never stays on its
// skeleton when the module lands between the render and the effect (a release smoke once did).
import type { ComponentType } from 'react';
import { useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { type ModuleSource, ModuleSourceContext, type Tracked as ModuleTracked } from './module-source.ts';
import { RemoteSlot } from './remote-slot.tsx';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

type Tracked = ModuleTracked<ComponentType<object>>;

const Page = () => <h1>Страница каталога</h1>;

function slotWith(promise: Tracked, before?: ComponentType) {
  const source: ModuleSource = { load: () => promise };
  const Before = before ?? (() => null);
  return render(
    <ModuleSourceContext.Provider value={source}>
      <Before />
      <RemoteSlot id="mf_catalog/HomePage" skeleton="page" />
    </ModuleSourceContext.Provider>,
  );
}

afterEach(() => vi.restoreAllMocks());

it('renders a module already loaded at once, with no skeleton first', () => {
  const promise: Tracked = Object.assign(Promise.resolve<ComponentType<object>>(Page), { status: 'fulfilled' as const, value: Page });
  slotWith(promise);
  expect(screen.getByRole('heading', { name: 'Страница каталога' })).toBeTruthy();
  expect(screen.queryByLabelText('Загрузка раздела')).toBeNull();
});

it('shows the skeleton while the module loads, then the module', async () => {
  let resolve: (value: ComponentType<object>) => void = () => {};
  const promise: Tracked = new Promise<ComponentType<object>>((r) => {
    resolve = r;
  });
  slotWith(promise);
  expect(screen.getByLabelText('Загрузка раздела')).toBeTruthy();
  resolve(Page);
  expect(await screen.findByRole('heading', { name: 'Страница каталога' })).toBeTruthy();
});

it('renders the module that landed between the render and the effect', async () => {
  let resolve: (value: ComponentType<object>) => void = () => {};
  const promise: Tracked = new Promise<ComponentType<object>>((r) => {
    resolve = r;
  });
  // a layout effect runs after the render and before the slot's effect: the load lands there,
  // marked fulfilled the way the module cache marks it (module-source.ts `settled`)
  const Lands = () => {
    useLayoutEffect(() => {
      Object.assign(promise, { status: 'fulfilled' as const, value: Page });
      resolve(Page);
    }, []);
    return null;
  };
  slotWith(promise, Lands);
  expect(await screen.findByRole('heading', { name: 'Страница каталога' })).toBeTruthy();
});

it('shows «Повторить» when the module fails to load', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  let reject: (reason: unknown) => void = () => {};
  const promise: Tracked = new Promise<ComponentType<object>>((_, r) => {
    reject = r;
  });
  slotWith(promise);
  reject(new Error('remote down'));
  expect(await screen.findByRole('button', { name: 'Повторить' })).toBeTruthy();
});

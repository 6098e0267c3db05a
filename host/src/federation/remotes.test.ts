// Guards the browser's one cache of remote modules (remotes.ts), shared by the slots and the
// prefetch on intent: a module is loaded once and then given at once (React's `use` reads the
// promise's status), a prefetch under way is the slot's load too, a failure is not kept and is
// reported once, and «Повторить» (a newer attempt) re-registers the remote and loads afresh.
import { beforeEach, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn<(id: string) => Promise<{ default: unknown } | null>>(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

type Module = typeof import('./remotes.ts');
let remotes: Module;
const Card = () => null;
const PAGE = 'mf_catalog/HomePage' as const;

beforeEach(async () => {
  vi.resetModules();
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  // the «Повторить» path asks the server for the registry
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ mf_catalog: 'http://localhost:3001/2.0.0/mf-manifest.json' })),
  );
  remotes = await import('./remotes.ts');
  remotes.applyRegistry({ mf_catalog: 'http://localhost:3001/1.0.0/mf-manifest.json' });
});

const status = (promise: Promise<unknown>) => (promise as Promise<unknown> & { status?: string }).status;

it('loads a module once: the prefetch, the slot and a page shown again get the same load, fulfilled at once', async () => {
  runtime.loadRemote.mockResolvedValue({ default: Card });
  const prefetched = remotes.loadRemoteModule(PAGE);
  const report = vi.fn();
  const slot = remotes.slotModule(PAGE, 0, report);
  expect(slot).toBe(prefetched);
  expect(await slot).toBe(Card);
  expect(status(slot)).toBe('fulfilled');
  expect(remotes.slotModule(PAGE, 0, report)).toBe(slot);
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  expect(report).not.toHaveBeenCalled();
});

it('does not keep a failure: it is reported once, and the next load asks the network again', async () => {
  runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js 503')).mockResolvedValue({ default: Card });
  const report = vi.fn();
  const first = remotes.slotModule(PAGE, 0, report);
  expect(remotes.slotModule(PAGE, 0, report)).toBe(first);
  await expect(first).rejects.toThrow('remoteEntry.js 503');
  expect(status(first)).toBe('rejected');
  expect(report).toHaveBeenCalledTimes(1);
  expect(report.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  const again = remotes.slotModule(PAGE, 0, report);
  expect(again).not.toBe(first);
  expect(await again).toBe(Card);
  expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
});

it('loads afresh for a newer «Повторить» attempt, with the server’s current registry, and keeps that load', async () => {
  runtime.loadRemote.mockResolvedValue({ default: Card });
  const first = remotes.slotModule(PAGE, 0, vi.fn());
  await first;
  const retried = remotes.slotModule(PAGE, 1, vi.fn());
  expect(retried).not.toBe(first);
  await retried;
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'mf_catalog', entry: 'http://localhost:3001/2.0.0/mf-manifest.json' }],
    { force: true },
  );
  expect(remotes.remoteVersion('mf_catalog')).toBe('2.0.0');
  // the same attempt, an older one (another slot of the module) and the prefetch get the newer load
  expect(remotes.slotModule(PAGE, 1, vi.fn())).toBe(retried);
  expect(remotes.slotModule(PAGE, 0, vi.fn())).toBe(retried);
  expect(remotes.loadRemoteModule(PAGE)).toBe(retried);
  expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
});

it('refuses a module of a remote the registry does not name, or one with no default export', async () => {
  await expect(remotes.slotModule('mf_cart/CartPage', 0, vi.fn())).rejects.toThrow(
    'remote mf_cart is not in the registry',
  );
  runtime.loadRemote.mockResolvedValue({ default: undefined });
  await expect(remotes.loadRemoteModule(PAGE)).rejects.toThrow(`${PAGE} exposes no default export`);
});

// Guards the browser's health reports: mounts are batched per remote, release, page type and
// kind, sent in one beacon after the short timer or on pagehide, with nothing about the shopper;
// nothing pending sends nothing; a load failure caught again by the boundary counts once.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

type Module = typeof import('./health-report.ts');
let health: Module;
let beacons: { url: string; body: unknown }[];

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  beacons = [];
  const sendBeacon = vi.fn((url: string, data: Blob) => {
    beacons.push({ url, body: data });
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  health = await import('./health-report.ts');
});
afterEach(() => {
  vi.useRealTimers();
});

const payloads = async () => Promise.all(beacons.map(async (b) => ({ url: b.url, type: (b.body as Blob).type, json: JSON.parse(await (b.body as Blob).text()) })));

it('batches mounts into one beacon after the timer, counted per remote, release, page type and kind', async () => {
  health.setHealthPage('HOME');
  health.reportRemote('mf_catalog', '1.0.0-a', 'view');
  health.reportRemote('mf_catalog', '1.0.0-a', 'view');
  health.reportRemote('mf_cart', '2.0.0-b', 'view');
  health.setHealthPage('SEARCH');
  health.reportRemote('mf_catalog', '1.0.0-a', 'view');
  // a remote the registry does not name has no version: not reported
  health.reportRemote('mf_product', undefined, 'load');
  expect(beacons).toHaveLength(0);
  vi.advanceTimersByTime(health.FLUSH_MS);
  const [sent, ...more] = await payloads();
  expect(more).toHaveLength(0);
  expect(sent?.url).toBe('/api/telemetry/remotes');
  expect(sent?.type).toBe('application/json');
  expect(sent?.json).toEqual({
    items: [
      { remote: 'mf_catalog', version: '1.0.0-a', page: 'HOME', kind: 'view', count: 2 },
      { remote: 'mf_cart', version: '2.0.0-b', page: 'HOME', kind: 'view', count: 1 },
      { remote: 'mf_catalog', version: '1.0.0-a', page: 'SEARCH', kind: 'view', count: 1 },
    ],
  });
  // nothing pending: the next tick and a pagehide send nothing
  vi.advanceTimersByTime(health.FLUSH_MS * 3);
  dispatchEvent(new Event('pagehide'));
  expect(beacons).toHaveLength(1);
});

it('sends what is pending on pagehide, without waiting for the timer', async () => {
  health.setHealthPage('PRODUCT');
  health.reportRemote('mf_product', '3.0.0-c', 'view');
  dispatchEvent(new Event('pagehide'));
  expect((await payloads()).map((p) => p.json.items.length)).toEqual([1]);
  vi.advanceTimersByTime(health.FLUSH_MS);
  expect(beacons).toHaveLength(1);
});

it('counts a load failure once even when the boundary catches the same error, and a render error as render', async () => {
  health.setHealthPage('HOME');
  const loadError = new Error('ScriptExternalLoadError');
  health.reportLoadFailure('mf_catalog', '1.0.0-a', loadError);
  expect(health.reportBoundaryError('mf_catalog', '1.0.0-a', loadError)).toBe(false);
  expect(health.reportBoundaryError('mf_catalog', '1.0.0-a', new Error('release bug'))).toBe(true);
  health.flushHealth();
  const [sent] = await payloads();
  expect(sent?.json.items).toEqual([
    { remote: 'mf_catalog', version: '1.0.0-a', page: 'HOME', kind: 'load', count: 1 },
    { remote: 'mf_catalog', version: '1.0.0-a', page: 'HOME', kind: 'render', count: 1 },
  ]);
  // only these five fields: nothing about the shopper or the URL
  expect(Object.keys(sent?.json.items[0]).sort()).toEqual(['count', 'kind', 'page', 'remote', 'version']);
});

it('keeps a batch within the API bounds: a count stops at 100', async () => {
  for (let i = 0; i < 150; i++) health.reportRemote('mf_catalog', '1.0.0-a', 'view');
  health.flushHealth();
  expect((await payloads())[0]?.json.items[0].count).toBe(100);
});

it('falls back to fetch with keepalive when the beacon is refused', async () => {
  Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
  const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  health.reportRemote('mf_cart', '2.0.0-b', 'render');
  health.flushHealth();
  expect(fetchMock).toHaveBeenCalledWith('/api/telemetry/remotes', expect.objectContaining({ method: 'POST', keepalive: true }));
  vi.unstubAllGlobals();
});

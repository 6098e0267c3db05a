import { describe, expect, it } from 'vitest';
import { bucket, registryFor, type RegistryState } from './registry.ts';

const state: RegistryState = {
  mf_catalog: {
    active: { version: '1.0.0-a', manifestUrl: 'http://c/1.0.0-a/mf-manifest.json' },
    canary: { version: '1.1.0-b', manifestUrl: 'http://c/1.1.0-b/mf-manifest.json', percent: 50 },
  },
  mf_cart: { active: { version: '2.0.0-a', manifestUrl: 'http://k/2.0.0-a/mf-manifest.json' } },
};

describe('canary registry', () => {
  it('gives one visitor the same release every time', () => {
    const first = registryFor(state, 'visitor-1');
    for (let i = 0; i < 5; i += 1) expect(registryFor(state, 'visitor-1')).toEqual(first);
  });

  it('splits visitors close to the canary share', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `${i.toString(16)}-4b1c-9d2e-${(i * 7919).toString(36)}`);
    const onCanary = ids.filter((id) => registryFor(state, id).mf_catalog?.includes('1.1.0-b')).length;
    expect(onCanary / ids.length).toBeGreaterThan(0.45);
    expect(onCanary / ids.length).toBeLessThan(0.55);
  });

  it('leaves remotes without a canary on their active release, and 0 % sends nobody', () => {
    expect(registryFor(state, 'x').mf_cart).toBe('http://k/2.0.0-a/mf-manifest.json');
    const none: RegistryState = { mf_catalog: { ...state.mf_catalog!, canary: { ...state.mf_catalog!.canary!, percent: 0 } } };
    expect(registryFor(none, 'x').mf_catalog).toBe('http://c/1.0.0-a/mf-manifest.json');
  });

  it('buckets are 0–99', () => {
    for (let i = 0; i < 500; i += 1) expect(bucket(String(i), 'mf_cart')).toBeGreaterThanOrEqual(0);
    expect(Math.max(...Array.from({ length: 500 }, (_, i) => bucket(String(i), 'mf_cart')))).toBeLessThan(100);
  });
});

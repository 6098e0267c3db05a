// Guards the release lines of `npm run remotes -- status`: each release's state (active, canary at
// its share, a progressive canary's step, good, published, bad, refused, pruned), each release's
// views and failures, and where the next rollback goes.
import { expect, it } from 'vitest';
import type { Release, RemoteStatus } from './ops-client.ts';
import { canaryStep, releaseState, rollbackTarget } from './status-format.ts';

const release = (version: string, status: string, pruned = false): Release => ({ version, manifestUrl: '', createdAt: '', createdBy: '', status, pruned });
const entry = (version: string, undone = false) => ({ version, at: '', by: 'ops', reason: 'activate', undone, status: '' });

it('names every state, and the release the next rollback goes to', () => {
  const remote: Pick<RemoteStatus, 'active' | 'canary' | 'stack' | 'releases'> = {
    active: { version: 'v5', manifestUrl: '', activatedAt: '', activatedBy: '' },
    canary: { version: 'v6', manifestUrl: '', percent: 10, activatedAt: '', activatedBy: '' },
    // v4 was rolled back from; v3 is refused since; v2 is where a rollback goes; v1's files are gone
    stack: [entry('v5'), entry('v4', true), entry('v3'), entry('v2'), entry('v1')],
    releases: [
      release('v7', 'published'),
      release('v6', 'checked'),
      release('v5', 'checked'),
      release('v4', 'bad'),
      release('v3', 'refused'),
      release('v2', 'checked'),
      release('v1', 'checked', true),
    ],
  };
  expect(rollbackTarget(remote)).toBe('v2');
  expect(remote.releases.map((r) => `${r.version}: ${releaseState(remote, r)}`)).toEqual([
    'v7: published',
    'v6: canary 10 %, good',
    'v5: active, good',
    'v4: bad',
    'v3: refused',
    'v2: good, next rollback goes here',
    'v1: good, pruned',
  ]);
  expect(rollbackTarget({ ...remote, stack: [entry('v5')] })).toBeNull();
});

it('names a progressive canary’s step, the next one and when, and each release’s views and failures', () => {
  const progressive = { steps: [5, 25, 50], stepAt: '2026-11-29T12:00:00.000Z', nextStepAt: '2026-11-29T12:05:00.000Z', next: 50 };
  const canary = { version: 'v6', manifestUrl: '', percent: 25, activatedAt: '', activatedBy: '', progressive };
  expect(canaryStep(canary)).toBe('canary 25 % (step 2 of 3, next 50 % at 12:05:00Z)');
  expect(canaryStep({ ...canary, percent: 50, progressive: { ...progressive, next: null } })).toBe('canary 50 % (step 3 of 3, promotion at 12:05:00Z)');
  expect(canaryStep({ ...canary, progressive: null })).toBe('canary 25 %');
  const remote = { active: { version: 'v5', manifestUrl: '', activatedAt: '', activatedBy: '' }, canary, stack: [], releases: [] };
  expect(releaseState(remote, { ...release('v6', 'checked'), health: { views: 14, errors: 1 } })).toBe('canary 25 % (step 2 of 3, next 50 % at 12:05:00Z), good, views 14, failures 1');
  expect(releaseState(remote, { ...release('v5', 'checked'), health: { views: 0, errors: 0 } })).toBe('active, good');
});

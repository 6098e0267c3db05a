// Guards the release lines of `npm run remotes -- status`: each release's state (active, canary at
// its share, good, published, bad, refused, pruned) and where the next rollback goes.
import { expect, it } from 'vitest';
import type { Release, RemoteStatus } from './ops-client.ts';
import { releaseState, rollbackTarget } from './status-format.ts';

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

// The release CLI's pieces that need no running shop: versions unique within one second,
// and build metadata that says which commit a release came from (and whether it had changes).
import { describe, expect, it } from 'vitest';
import { buildMeta, releaseBuildId } from './release.ts';

describe('npm run release', () => {
  it('gives every build its own version, even many in the same second', () => {
    const ids = Array.from({ length: 200 }, () => releaseBuildId());
    for (const id of ids) expect(id).toMatch(/^\d{14}-[0-9a-f]{6}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 14))).size).toBeLessThanOrEqual(2);
  });

  it('records the commit (with +dirty for uncommitted changes), its author, the time and the notes', () => {
    const meta = buildMeta('Новый заголовок');
    expect(meta.commit).toMatch(/^[0-9a-f]{40}(\+dirty)?$/);
    expect(meta.author).toMatch(/\S/);
    expect(Date.parse(meta.builtAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(meta.notes).toBe('Новый заголовок');
    expect(buildMeta(undefined)).not.toHaveProperty('notes');
  });
});

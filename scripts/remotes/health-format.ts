/**
 * `npm run remotes -- status`: the health line of a remote, from the registry status answer's
 * `health` (release/src/registry/health-routes.ts withReleaseHealth): views, errors and the error
 * rate of the active and the canary release over the window.
 */
import type { ReleaseHealth } from '@shop/release';

export type { ReleaseHealth };

export interface RemoteHealth {
  windowMinutes: number;
  active: ReleaseHealth | null;
  canary: ReleaseHealth | null;
}

const percent = (rate: number) => `${String(Math.round(rate * 1000) / 10).replace('.', ',')} %`;

function release(name: string, h: ReleaseHealth): string {
  const kinds = h.errors ? ` (load ${h.loadErrors}, render ${h.renderErrors})` : '';
  return `${name} ${percent(h.rate)} errors: ${h.errors}${kinds} of ${h.views + h.errors}`;
}

/** «  health  last 10 min: active 1 % errors: 1 (load 0, render 1) of 100 · canary 40 % errors: 8 (load 1, render 7) of 20», or null without health. */
export function healthLine(remote: { health?: RemoteHealth | null }): string | null {
  const h = remote.health;
  if (!h || (!h.active && !h.canary)) return null;
  const parts = [h.active && release('active', h.active), h.canary && release('canary', h.canary)].filter(Boolean);
  return `  health  last ${h.windowMinutes} min: ${parts.join(' · ')}`;
}

/** Prints the health line when the answer has one (an older API has none). */
export function printHealth(remote: object): void {
  const line = healthLine(remote as { health?: RemoteHealth | null });
  if (line) console.log(line);
}

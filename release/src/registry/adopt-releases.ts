import { releaseManifestUrl } from '@shop/contracts/release-plane';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { RegistryError, RegistryRepo } from './registry-repo.ts';
import { SMOKE_CHECK } from './smoke.ts';

/** Who the registry's history names for a deployment's first releases. */
export const ADOPTED_BY = 'первый запуск';

/**
 * A fresh deployment's first releases: each remote named in RELEASE_ADOPT that has no active
 * release yet gets the release its image brought (already in release storage, at its public URL)
 * published and activated through the same gate as any release, so the shop serves pages before
 * any team has released. A remote with an active release is left alone. The host may not answer
 * yet when this service starts (the gate's smoke opens its pages): a refusal by the smoke alone is
 * tried again every `retryMs` until `giveUpMs`; a static check's refusal is final and said.
 */
export function adoptReleases(
  db: Db,
  config: Config,
  options: { log?: (line: string) => void; retryMs?: number; giveUpMs?: number } = {},
): { done: Promise<void>; stop(): void } {
  const log = options.log ?? ((line: string) => console.log(`[release] ${line}`));
  const retryMs = options.retryMs ?? 10_000;
  const giveUpAt = Date.now() + (options.giveUpMs ?? 15 * 60_000);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const wait = () =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, retryMs);
    });

  async function adopt(remote: string, version: string): Promise<void> {
    const repo = new RegistryRepo(db, config);
    const manifestUrl = releaseManifestUrl(config.releases.publicUrls[remote] ?? '', version);
    while (!stopped) {
      try {
        const [state] = await repo.status(remote);
        if (state?.active) return log(`${remote}: keeps its active release ${state.active.version}`);
        await repo.publish(remote, version, manifestUrl, ADOPTED_BY, { notes: 'релиз из образа при первом запуске' });
        await repo.activate(remote, version, ADOPTED_BY, { recheck: true, note: 'релиз из образа при первом запуске' });
        return log(`${remote}: ${version} from the image is active`);
      } catch (error) {
        const [state] = await repo.status(remote).catch(() => []);
        const release = state?.releases.find((r) => r.version === version);
        const failed = release?.checks?.results.filter((r) => !r.ok) ?? [];
        const final = error instanceof RegistryError && release?.status === 'refused' && failed.some((r) => r.check !== SMOKE_CHECK);
        if (final) return log(`${remote}: ${version} from the image was refused: ${(error as Error).message}`);
        if (Date.now() > giveUpAt) return log(`${remote}: gave up activating ${version} from the image: ${(error as Error).message}`);
        log(`${remote}: ${version} from the image not active yet (${(error as Error).message}); trying again in ${Math.round(retryMs / 1000)} s`);
        await wait();
      }
    }
  }

  const done = Promise.all(Object.entries(config.releases.adopt ?? {}).map(([remote, version]) => adopt(remote, version))).then(() => undefined);
  return {
    done,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * The checks `npm start` runs once its services answer: the host's trusted documents are
 * registered, the fresh builds are published and activated through the release gate (its
 * browser smoke opens each candidate on the live host), and the host build is checked against
 * the registry's releases (scripts/remotes/check-host.ts).
 *
 * Strict (the tests): any failure throws. Forgiving (`npm start`): a failure that is slowness
 * (a service not answering yet, a smoke that timed out on a cold or busy host) is reported and
 * the round is retried in the background with backoff while the shop serves what was active
 * before. Verdicts are not retried: a release refused by a static check stays on its previous
 * release (said once), and a host build refused against the releases stops the shop.
 */
import path from 'node:path';
import { releaseVersionOfUrl } from '@shop/contracts/release-plane';
import type { createRegistryClient, RemoteStatus } from '../remotes/ops-client.ts';
import { newBuildId, operationsOf, packageVersion, REMOTES, ROOT, type StackOptions } from './stack.ts';
import { answers } from './supervisor.ts';

type RegistryClient = ReturnType<typeof createRegistryClient>;

/** The host build refused against the registry's releases: a verdict, never retried. */
export class HostBuildRefused extends Error {}

/** The release a manifest URL names: a build's folder, or a dev release for a dev server's manifest (no folder). */
function releaseOf(manifestUrl: string): { folder?: string; version: string } {
  const folder = manifestUrl.endsWith('/mf-manifest.json') ? releaseVersionOfUrl(manifestUrl) : undefined;
  const version = folder ?? `0.0.0-dev${newBuildId()}`;
  return { ...(folder ? { folder } : {}), version };
}

/** A release refused by a check other than the browser smoke: the gate's verdict, not slowness. */
function refusedForGood(status: RemoteStatus[], name: string, version: string): string | null {
  const release = status.find((r) => r.name === name)?.releases.find((r) => r.version === version);
  if (release?.status !== 'refused') return null;
  const failed = release.checks?.results.filter((r) => !r.ok) ?? [];
  const verdicts = failed.filter((r) => r.check !== 'smoke');
  return verdicts.length ? verdicts.map((r) => `${r.check}: ${r.reason ?? 'failed'}`).join('; ') : null;
}

/** What shoppers get of each remote while its activation waits. */
function servingMeanwhile(status: RemoteStatus[] | null, names: string[]): string {
  if (!status) return 'whatever the registry had active before (the release service does not answer yet)';
  return names
    .map((name) => {
      const active = status.find((r) => r.name === name)?.active;
      return active
        ? `${name} ${active.version} (active before)`
        : `nothing for ${name} yet (no active release: its areas show «Не удалось загрузить раздел»)`;
    })
    .join(', ');
}

export class StartupChecks {
  private hostOperationsDue = true;
  private readonly due: Set<string>;
  private hostCheckDue: boolean;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly registry: RegistryClient,
    private readonly options: StackOptions,
    private readonly publicHost: string,
  ) {
    this.due = new Set(Object.keys(options.registry));
    this.hostCheckDue = !!options.checkHost;
  }

  private get forgiving(): boolean {
    return !!this.options.supervision;
  }

  private note(line: string): void {
    (this.options.note ?? ((l: string) => console.log(l)))(line);
  }

  /** The host's trusted documents, before the host serves: strict throws, forgiving leaves it to the retries. */
  async registerHostOperations(): Promise<void> {
    try {
      await this.registry.registerOperations('host', packageVersion('host'), operationsOf('host'));
      this.hostOperationsDue = false;
    } catch (error) {
      if (!this.forgiving) throw error;
    }
  }

  /** The first round; forgiving, what is left is retried in the background. Throws a verdict (or, strict, any failure). */
  async run(): Promise<void> {
    const problems = await this.round(false);
    if (!problems.length) return;
    if (!this.forgiving) throw new Error(problems.join('\n'));
    await this.reportAndRetry(problems);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One pass over what is still due; returns what failed for want of time or answers. */
  private async round(recheck: boolean): Promise<string[]> {
    const problems: string[] = [];
    if (this.hostOperationsDue) {
      await this.registerHostOperations();
      if (this.hostOperationsDue) problems.push("registering the host's trusted documents with the API failed");
    }
    if (this.due.size) problems.push(...(await this.activateDue(recheck)));
    if (this.hostCheckDue) {
      try {
        await this.checkHostBuild();
        this.hostCheckDue = false;
      } catch (error) {
        if (error instanceof HostBuildRefused) throw error;
        problems.push(`the host check did not run: ${(error as Error).message}`);
      }
    }
    return problems;
  }

  /** Publishes and activates each build still due; a smoke refusal is checked again (`recheck`) on a retry. */
  private async activateDue(recheck: boolean): Promise<string[]> {
    let before: RemoteStatus[];
    try {
      before = (await this.registry.status()).remotes;
    } catch (error) {
      return [`the release service did not answer: ${(error as Error).message}`];
    }
    const problems: string[] = [];
    let activated = false;
    for (const name of [...this.due]) {
      try {
        activated = (await this.activateOne(name, before, recheck)) || activated;
        this.due.delete(name);
      } catch (error) {
        const { version } = releaseOf(this.options.registry[name]!);
        const after = await this.registry.status().then((s) => s.remotes, () => before);
        const verdict = refusedForGood(after, name, version);
        if (!verdict || !this.forgiving) problems.push(`activating ${name} ${version}: ${(error as Error).message}`);
        if (!verdict) continue;
        this.due.delete(name);
        this.note(
          `Start-up: the release gate refused ${name} ${version} (${verdict}); it is not retried. The shop serves ${servingMeanwhile(after, [name])}. See npm run remotes -- status.`,
        );
      }
    }
    // releases changed: the host build is checked against what is active now
    if (activated) this.hostCheckDue = !!this.options.checkHost;
    return problems;
  }

  /** Publishes one build and activates it unless ops chose the active release; true when it was activated. */
  private async activateOne(name: string, before: RemoteStatus[], recheck: boolean): Promise<boolean> {
    const { options, registry, publicHost } = this;
    const manifestUrl = options.registry[name]!;
    const { folder, version } = releaseOf(manifestUrl);
    await registry.publish(name, version, manifestUrl);
    // its trusted documents first, as `npm run release` does
    const dir = REMOTES.find((r) => r.name === name)?.dir;
    if (dir) await registry.registerOperations(dir, version, operationsOf(dir, folder));
    const earlier = options.keepActive ? before.find((r) => r.name === name) : undefined;
    const active = earlier?.active;
    if (active?.version === version) return false;
    // Ops chose the active release when it is not the newest published one (a rollback or an
    // activation of an older release) or a canary runs: kept while it still answers. Otherwise
    // (the last start's or release's build) the new build replaces it, as before.
    const newest = [...(earlier?.releases ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const chosen = active && (earlier?.canary || (newest && newest.version !== active.version));
    if (chosen && folder && (await answers(active.manifestUrl.replace(`//${publicHost}:`, '//127.0.0.1:')))) {
      options.note?.(
        `${name}: the registry's active release ${active.version} is kept (chosen by a rollback, an activation or with a canary running); the new build ${version} is only published: npm run remotes -- activate ${name} ${version}`,
      );
      return false;
    }
    await registry.activate(name, version, recheck);
    return true;
  }

  /** The host build (host/dist) against the registry's releases; refused, the shop does not run with it. */
  private async checkHostBuild(): Promise<void> {
    const { checkHost, describeHostCheck, readHostBuild } = await import('../remotes/check-host.ts');
    const dist = path.join(ROOT, 'host', 'dist');
    const result = await checkHost(readHostBuild(dist), (await this.registry.status()).remotes);
    const report = describeHostCheck(dist, result);
    if (result.refused.length) throw new HostBuildRefused(`${report}\nThe shop is not started with this host build.`);
    this.options.note?.(report);
  }

  /** Says what failed and what the shop serves meanwhile, and schedules the next round. */
  private async reportAndRetry(problems: string[]): Promise<void> {
    const delay = Math.min(120_000, 5000 * 2 ** this.attempt);
    const status = await this.registry.status().then((s) => s.remotes, () => null);
    const serving = this.due.size ? servingMeanwhile(status, [...this.due]) : 'the releases active now';
    this.note(
      `Start-up check failed${this.attempt ? ` (retry ${this.attempt})` : ''}: ${problems.join('; ')}. The shop keeps running and serves ${serving}. Retrying in ${delay / 1000} s.`,
    );
    this.timer = setTimeout(() => void this.retry(), delay);
  }

  private async retry(): Promise<void> {
    if (this.stopped) return;
    this.attempt += 1;
    try {
      const problems = await this.round(true);
      if (this.stopped) return;
      if (problems.length) return void (await this.reportAndRetry(problems));
      const after = ((Date.now() - this.startedAt) / 1000).toFixed(0);
      this.note(`Start-up checks passed on retry ${this.attempt}, ${after} s after the first try: the new builds are in place.`);
    } catch (error) {
      if (this.stopped) return;
      // a verdict found on a retry (the host build refused against the releases now active)
      this.options.onFatal?.((error as Error).message);
    }
  }
}

/**
 * Release and registry commands for the remote teams and ops:
 *   npm run release -- <remote> [--notes "…"] [--no-activate]   build, upload, check and activate a new release
 *                                                    (scripts/remotes/release.ts: RELEASE_TOKEN, OPS_API_URL)
 *   npm run remotes -- status                        active, canary and earlier releases of each remote
 *   npm run remotes -- activate <remote> <version>   switch to a published release (checked first)
 *   npm run remotes -- rollback <remote>             back to the release active before the current one
 *   npm run remotes -- canary <remote> <version> <percent>   that share of visitors gets <version>
 *   npm run remotes -- promote <remote>              the canary becomes the only release
 *   npm run remotes -- operations <package> [version]  register a build's GraphQL operations with the API
 *                                                    (host: host/dist; a remote: its newest or named release)
 * <remote> is mf-catalog, mf-product or mf-cart (or mf_catalog…). Needs the ops token (OPS_TOKEN).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { latestRelease, packageVersion, REMOTES, ROOT } from '../lib/stack.ts';
import { checkCandidate, registerCandidateOperations } from './check-candidate.ts';
import { type RemoteStatus, registryApi } from './ops-client.ts';
import { ReleaseUsageError, release } from './release.ts';
import { printHealth } from './health-format.ts';

class UsageError extends Error {}

function remoteOf(arg: string | undefined) {
  const remote = REMOTES.find((r) => r.dir === arg || r.name === arg);
  if (!remote) throw new UsageError(`name a remote: ${REMOTES.map((r) => r.dir).join(', ')} (got «${arg ?? ''}»)`);
  return remote;
}

async function findRemote(name: string): Promise<RemoteStatus> {
  const { remotes } = await registryApi().status();
  const status = remotes.find((r) => r.name === name);
  if (!status) throw new Error(`${name} has no releases in the registry yet`);
  return status;
}

/**
 * Every path to shoppers goes through here: the candidate must pass the manifest checks, and
 * then its operations must be registered with the API (trusted documents: refused all or
 * none), before it is published or activated.
 */
async function checked(remote: (typeof REMOTES)[number], version: string, manifestUrl: string) {
  const refuse = (problems: string[]) => {
    throw new Error(`refused: ${remote.name} at ${manifestUrl} cannot be activated:\n  - ${problems.join('\n  - ')}\nNothing was changed.`);
  };
  const problems = await checkCandidate(remote.name, manifestUrl);
  if (problems.length > 0) refuse(problems);
  const api = registryApi();
  const refused = await registerCandidateOperations(remote.dir, version, manifestUrl, api.registerOperations);
  if (refused.length > 0) refuse(refused);
}

/**
 * Registers the trusted documents a local build ships (host/dist, or a remote's release folder)
 * with the API: how the host's operations get there (the host is deployed, not released).
 */
async function registerBuiltOperations(pkg: string, version?: string): Promise<number> {
  const release = pkg === 'host' ? undefined : (version ?? latestRelease(pkg));
  const file = path.join(ROOT, pkg, 'dist', ...(release ? [release] : []), 'persisted-operations.json');
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: build ${pkg} first (npm run build)`);
  const { operations } = JSON.parse(readFileSync(file, 'utf8')) as { operations: unknown[] };
  const answer = await registryApi().registerOperations(pkg, release ?? packageVersion(pkg), operations);
  return answer.operations;
}

function printStatus(remotes: RemoteStatus[]) {
  for (const remote of remotes) {
    console.log(`\n${remote.name}`);
    if (remote.active) console.log(`  active  ${remote.active.version}  since ${remote.active.activatedAt} by ${remote.active.activatedBy}`);
    else console.log('  active  (none)');
    if (remote.canary) {
      console.log(`  canary  ${remote.canary.version}  ${remote.canary.percent} % of visitors, since ${remote.canary.activatedAt} by ${remote.canary.activatedBy}`);
    }
    printHealth(remote);
    const earlier = remote.releases.filter((r) => r.version !== remote.active?.version && r.version !== remote.canary?.version);
    if (earlier.length > 0) console.log(`  earlier ${earlier.map((r) => r.version).join(', ')}`);
    for (const event of remote.history.slice(0, 5)) {
      console.log(`    ${event.at}  ${event.action}${event.version ? ` ${event.version}` : ''}${event.percent !== null ? ` ${event.percent} %` : ''}  by ${event.by}`);
    }
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  switch (command) {
    case 'release':
      // scripts/remotes/release.ts: build, upload to the API's release storage, activate
      return release(args).catch((error: unknown) => {
        throw error instanceof ReleaseUsageError ? new UsageError(error.message) : error;
      });
    case 'status':
      printStatus((await registryApi().status()).remotes);
      return;
    case 'activate': {
      const remote = remoteOf(args[0]);
      const version = args[1];
      if (!version) throw new UsageError('activate <remote> <version>');
      const release = (await findRemote(remote.name)).releases.find((r) => r.version === version);
      if (!release) throw new Error(`${remote.name} has no published release ${version} (see: npm run remotes -- status)`);
      await checked(remote, version, release.manifestUrl);
      await registryApi().activate(remote.name, version);
      console.log(`Activated ${remote.name} ${version}.`);
      return;
    }
    case 'rollback': {
      const remote = remoteOf(args[0]);
      const status = await findRemote(remote.name);
      const current = status.active?.version;
      const previous = status.history.find((e) => (e.action === 'activate' || e.action === 'promote') && e.version && e.version !== current);
      const release = previous && status.releases.find((r) => r.version === previous.version);
      if (!release) throw new Error(`${remote.name} has no earlier release to roll back to`);
      await checked(remote, release.version, release.manifestUrl);
      await registryApi().activate(remote.name, release.version);
      console.log(`Rolled back ${remote.name} from ${current} to ${release.version}.`);
      return;
    }
    case 'canary': {
      const remote = remoteOf(args[0]);
      const version = args[1];
      const percent = Number(args[2]);
      if (!version || !Number.isInteger(percent) || percent < 0 || percent > 100) {
        throw new UsageError('canary <remote> <version> <percent 0–100>');
      }
      const release = (await findRemote(remote.name)).releases.find((r) => r.version === version);
      if (!release) throw new Error(`${remote.name} has no published release ${version}`);
      await checked(remote, version, release.manifestUrl);
      await registryApi().canary(remote.name, version, percent);
      console.log(`Canary: ${percent} % of visitors get ${remote.name} ${version}.`);
      return;
    }
    case 'promote': {
      const remote = remoteOf(args[0]);
      const { remote: status } = await registryApi().promote(remote.name);
      console.log(`Promoted: every visitor gets ${remote.name} ${status.active?.version}.`);
      return;
    }
    case 'check-host': // a host build against the registry's releases (scripts/remotes/check-host.ts)
      process.exitCode = await (await import('./check-host.ts')).runCheckHost(args);
      return;
    case 'operations': {
      const pkg = args[0] === 'host' ? 'host' : remoteOf(args[0]).dir;
      console.log(`Registered ${await registerBuiltOperations(pkg, args[1])} operations of ${pkg}.`);
      return;
    }
    default:
      throw new UsageError(
        'commands: release <remote>, status, activate <remote> <version>, rollback <remote>, canary <remote> <version> <percent>, promote <remote>, operations <host|remote> [version]',
      );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof UsageError ? `usage: ${error.message}` : (error as Error).message);
  process.exit(error instanceof UsageError ? 2 : 1);
});

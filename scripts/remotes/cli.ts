/**
 * Release and registry commands for the remote teams and ops (the release service is the guard:
 * every check runs there, release/src/registry/release-gate.ts; this is a client):
 *   npm run release -- <remote> [--notes "…"] [--no-activate]   build, upload, check and activate a new release
 *                                                    (scripts/remotes/release.ts: RELEASE_TOKEN, RELEASE_URL)
 *   npm run remotes -- status [<remote>]             active (who, when, commit, notes), canary, stack, releases, events;
 *                                                    with a remote: its full history
 *   npm run remotes -- activate <remote> <version>   any listed, not refused release (the server checks it first)
 *   npm run remotes -- rollback <remote>             the previous known-good release (the activation stack; each
 *                                                    rollback goes further back); during a canary: stops the canary only
 *   npm run remotes -- canary <remote> <version> [<percent>]   that share of visitors gets <version>; without
 *                                                    a share: progressive (CANARY_STEPS of the release service,
 *                                                    a step per CANARY_STEP_SECONDS while healthy, then promoted)
 *   npm run remotes -- canary stop <remote>          every visitor gets the active release again
 *   npm run remotes -- promote <remote> [--force]    the canary becomes the only release (a 0 % canary needs --force)
 *   npm run remotes -- token add <name> --remote <remote> | --ops   a team's token (printed once); token list; token revoke <name>
 *   npm run remotes -- operations <package> [version]  register a build's GraphQL operations with the API
 *                                                    (host: host/dist; a remote: its newest or named release)
 *   npm run remotes -- check-host [dist]             a host build against the registry's releases
 * <remote> is mf-catalog, mf-product or mf-cart (or mf_catalog…). Token: RELEASE_TOKEN (a team's,
 * its remote only) or OPS_TOKEN (npm start writes the local one to .run/ops-token); the release service
 * records the token's name as who did it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { latestRelease, packageVersion, REMOTES, ROOT } from '../lib/stack.ts';
import { type ReleaseMeta, type RemoteStatus, registryApi } from './ops-client.ts';
import { ReleaseUsageError, release } from './release.ts';
import { printHealth } from './health-format.ts';
import { canaryStep, releaseState } from './status-format.ts';

class UsageError extends Error {}

function remoteOf(arg: string | undefined) {
  const remote = REMOTES.find((r) => r.dir === arg || r.name === arg);
  if (!remote) throw new UsageError(`name a remote: ${REMOTES.map((r) => r.dir).join(', ')} (got «${arg ?? ''}»)`);
  return remote;
}

async function findRemote(name: string): Promise<RemoteStatus> {
  const { remotes } = await registryApi().status(name);
  const status = remotes.find((r) => r.name === name);
  if (!status) throw new Error(`${name} has no releases in the registry yet`);
  return status;
}

/**
 * Before a release is activated or tried as a canary, the release service registers its trusted
 * documents with the API again (refused all or none; a team token may ask for its own remote).
 * The release checks themselves run on the server, at publish and again at activate, canary,
 * promote and rollback (release/src/registry/release-gate.ts).
 */
async function withOperations(remote: (typeof REMOTES)[number], version: string) {
  try {
    await registryApi().releaseOperations(remote.name, version);
  } catch (error) {
    // the service's own words: a refused operation, a release without them, a token of another remote
    throw new Error(`${remote.name} ${version}: ${(error as Error).message}\nNothing was changed.`);
  }
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

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

function metaLine(meta: ReleaseMeta | null | undefined): string {
  if (!meta) return '';
  const parts = [meta.commit && `commit ${meta.commit.slice(0, 12)}`, meta.author && `author ${meta.author}`, meta.notes && `«${meta.notes}»`].filter(Boolean);
  return parts.length ? `\n          ${parts.join(', ')}` : '';
}

function printStatus(remotes: RemoteStatus[], full = false) {
  for (const remote of remotes) {
    console.log(`\n${remote.name}`);
    if (remote.active) {
      console.log(`  active  ${remote.active.version}  since ${when(remote.active.activatedAt)} by ${remote.active.activatedBy}${metaLine(remote.active.meta)}`);
    } else console.log('  active  (none)');
    if (remote.canary) {
      console.log(
        `  canary  ${remote.canary.version}  ${canaryStep(remote.canary)} of visitors, since ${when(remote.canary.activatedAt)} by ${remote.canary.activatedBy}${metaLine(remote.canary.meta)}`,
      );
    }
    printHealth(remote);
    const stack = (remote.stack ?? []).slice(0, full ? undefined : 6);
    if (stack.length > 0) {
      console.log('  stack (newest first; rollback goes to the first live one below the active)');
      for (const a of stack) console.log(`    ${a.undone ? 'undone' : 'live  '}  ${a.version}  ${a.reason} by ${a.by} ${when(a.at)}  [${a.status}]`);
    }
    const releases = remote.releases.slice(0, full ? undefined : 8);
    console.log(`  releases (${remote.releases.length}${releases.length < remote.releases.length ? `, newest ${releases.length}` : ''})`);
    for (const r of releases) {
      const failed = r.checks?.results.filter((c) => !c.ok).map((c) => `${c.check}: ${c.reason ?? ''}`) ?? [];
      console.log(
        `    ${r.version}  ${releaseState(remote, r)}  by ${r.createdBy} ${when(r.createdAt)}${r.meta?.commit ? `  ${r.meta.commit.slice(0, 12)}` : ''}${failed.length ? `\n      refused: ${failed.join('; ')}` : ''}`,
      );
    }
    for (const event of remote.history.slice(0, full ? undefined : 5)) {
      console.log(
        `    ${when(event.at)}  ${event.action}${event.version ? ` ${event.version}` : ''}${event.percent !== null ? ` ${event.percent} %` : ''}  by ${event.by}${event.note ? `  — ${event.note}` : ''}`,
      );
    }
  }
}

const USAGE = `npm run remotes -- <command>
  status [<remote>]                         every remote (or one, with its full history)
  activate <remote> <version>               any listed, not refused release
  rollback <remote>                         the previous known-good release; during a canary: stops the canary
  canary <remote> <version> [<percent>]     that share of visitors gets <version>; without one:
                                            5 → 25 → 50 → 100 % by itself while healthy (the service's steps)
  canary stop <remote>                      end the canary
  promote <remote> [--force]                the canary becomes everyone's (--force for a 0 % canary)
  token add <name> --remote <remote>|--ops  a new token, printed once
  token list | token revoke <name>
  operations <host|remote> [version]        register a build's GraphQL operations
  check-host [dist]                         a host build against the registry's releases
  release <remote> [--notes "…"] [--no-activate]   (or npm run release -- <remote>)
<remote>: ${REMOTES.map((r) => r.dir).join(', ')}. Token: RELEASE_TOKEN or OPS_TOKEN.`;

async function tokenCommand(args: string[]) {
  const [sub, name, ...rest] = args;
  const api = registryApi();
  if (sub === 'list') {
    const { tokens } = await api.tokens();
    if (tokens.length === 0) console.log('No release tokens (OPS_TOKEN is the actor «ops»).');
    for (const t of tokens) console.log(`${t.name}  ${t.remote ?? '(all remotes)'}  created ${when(t.createdAt)}${t.revokedAt ? `  revoked ${when(t.revokedAt)}` : ''}`);
    return;
  }
  if (sub === 'revoke') {
    if (!name) throw new UsageError('token revoke <name>');
    await api.revokeToken(name);
    console.log(`Revoked «${name}»: the release service refuses it from now on.`);
    return;
  }
  if (sub === 'add') {
    const flag = rest.indexOf('--remote');
    const remoteArg = flag >= 0 ? rest[flag + 1] : undefined;
    if (!name || (!remoteArg && !rest.includes('--ops'))) throw new UsageError('token add <name> --remote <remote> (or --ops for every remote)');
    const remote = remoteArg ? remoteOf(remoteArg).name : null;
    const { token } = await api.addToken(name, remote);
    console.log(`Token «${token.name}» for ${token.remote ?? 'every remote'} (shown once; the release service keeps only its sha256):\n${token.token}`);
    console.log(`The team releases with: RELEASE_TOKEN=<token> npm run release -- ${remoteArg ? remoteOf(remoteArg).dir : '<remote>'}`);
    return;
  }
  throw new UsageError('token add <name> --remote <remote> | token list | token revoke <name>');
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  switch (command) {
    case 'release':
      // scripts/remotes/release.ts: build, upload to the release service's storage, activate
      return release(args).catch((error: unknown) => {
        throw error instanceof ReleaseUsageError ? new UsageError(error.message) : error;
      });
    case 'status': {
      const only = args[0] ? remoteOf(args[0]).name : undefined;
      printStatus((await registryApi().status(only)).remotes, Boolean(only));
      return;
    }
    case 'activate': {
      const remote = remoteOf(args[0]);
      const version = args[1];
      if (!version) throw new UsageError('activate <remote> <version>');
      const release = (await findRemote(remote.name)).releases.find((r) => r.version === version);
      if (!release) throw new Error(`${remote.name} has no published release ${version} (see: npm run remotes -- status ${remote.dir})`);
      await withOperations(remote, version);
      await registryApi().activate(remote.name, version);
      console.log(`Activated ${remote.name} ${version}.`);
      return;
    }
    case 'rollback': {
      const remote = remoteOf(args[0]);
      const answer = await registryApi().rollback(remote.name);
      if (answer.stoppedCanary) {
        console.log(`Stopped the canary ${remote.name} ${answer.stoppedCanary} (marked bad); the active ${answer.remote.active?.version} is untouched.`);
      } else {
        console.log(`Rolled back ${remote.name} from ${answer.from} to ${answer.to} (${answer.from} is marked bad).`);
      }
      return;
    }
    case 'canary': {
      if (args[0] === 'stop') {
        const remote = remoteOf(args[1]);
        const { stopped } = await registryApi().canaryStop(remote.name);
        console.log(`Stopped the canary ${remote.name} ${stopped}: every visitor gets the active release.`);
        return;
      }
      const remote = remoteOf(args[0]);
      const version = args[1];
      const percent = args[2] === undefined ? null : Number(args[2]);
      if (!version || (percent !== null && (!Number.isInteger(percent) || percent < 0 || percent > 100))) {
        throw new UsageError('canary <remote> <version> [<percent 0–100>] | canary stop <remote>');
      }
      const release = (await findRemote(remote.name)).releases.find((r) => r.version === version);
      if (!release) throw new Error(`${remote.name} has no published release ${version}`);
      await withOperations(remote, version);
      const answer = await registryApi().canary(remote.name, version, percent);
      const started = answer.remote.canary;
      console.log(
        started?.progressive
          ? `Progressive canary: ${started.percent} % of visitors get ${remote.name} ${version}, then ${[...started.progressive.steps.filter((s) => s > started.percent), 100].join(' → ')} % while healthy (${canaryStep(started)}).`
          : `Canary: ${percent} % of visitors get ${remote.name} ${version}.`,
      );
      return;
    }
    case 'promote': {
      const remote = remoteOf(args[0]);
      const { remote: status } = await registryApi().promote(remote.name, args.includes('--force'));
      console.log(`Promoted: every visitor gets ${remote.name} ${status.active?.version}.`);
      return;
    }
    case 'token':
      return tokenCommand(args);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    case 'check-host': // a host build against the registry's releases (scripts/remotes/check-host.ts)
      process.exitCode = await (await import('./check-host.ts')).runCheckHost(args);
      return;
    case 'operations': {
      const pkg = args[0] === 'host' ? 'host' : remoteOf(args[0]).dir;
      console.log(`Registered ${await registerBuiltOperations(pkg, args[1])} operations of ${pkg}.`);
      return;
    }
    default:
      throw new UsageError(`unknown command «${command ?? ''}»\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof UsageError ? `usage: ${error.message}` : (error as Error).message);
  process.exit(error instanceof UsageError ? 2 : 1);
});

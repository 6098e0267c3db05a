/**
 * `npm run release -- <remote> [--notes "…"] [--no-activate]`: a remote team's release, from its
 * own clone or CI. Needs only the release service's address and a token:
 *   RELEASE_URL    the shop's release service (default http://127.0.0.1:4100, the local `npm start`;
 *                  OPS_URL and the older OPS_API_URL work too)
 *   RELEASE_TOKEN  the team's token (scoped to its remote), or OPS_TOKEN for ops
 * Steps: codegen (the typed operations and trusted documents come from this checkout's .graphql
 * files), a production build of the remote into a temporary folder under a version no other
 * build shares, a tar.gz of that folder uploaded with its build metadata to the release service's publish
 * endpoint (which checks it, stores it in the remote's release storage, registers its operations
 * and records it), then activation through the registry, whose gate runs the checks. Nothing
 * is written to the checkout's dist/ and no host build or server file system is needed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readErrorBody } from '@shop/contracts/errors';
import { releaseVersion } from '@shop/contracts/release-plane';
import { create } from 'tar';
import { newBuildId, packageVersion, REMOTES, ROOT, runBuild, runCodegen } from '../lib/stack.ts';
import { actor, opsToken, releaseBase } from './ops-client.ts';

export class ReleaseUsageError extends Error {}

export function releaseToken(): string {
  return process.env.RELEASE_TOKEN?.trim() || opsToken();
}

/** `20261124015300-3fa9c1`: the build's second and 6 random hex digits: two releases in one second never share a version. */
export function releaseBuildId(): string {
  return `${newBuildId()}-${randomBytes(3).toString('hex')}`;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** What the release was built from: the commit (`+dirty` when the checkout has changes), its author, when, and the notes. */
export function buildMeta(notes: string | undefined) {
  const commit = git(['rev-parse', 'HEAD']);
  const dirty = commit && git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    ...(commit ? { commit: `${commit}${dirty ? '+dirty' : ''}` } : {}),
    author: git(['log', '-1', '--format=%an <%ae>']) || git(['config', 'user.name']) || actor(),
    builtAt: new Date().toISOString(),
    ...(notes ? { notes } : {}),
  };
}

async function packFolder(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of create({ cwd: dir, gzip: true, portable: true }, ['.']) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function api<T>(method: string, route: string, token: string, body: BodyInit, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${releaseBase()}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
      // activation runs the registry's checks (the browser smoke among them)
      signal: AbortSignal.timeout(180_000),
    });
  } catch (error) {
    throw new Error(`the release service at ${releaseBase()} did not answer (${(error as Error).message}); is the shop running, is RELEASE_URL right?`);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const reasons = (answer as { errors?: { extensions?: { reasons?: string[] } }[] } | null)?.errors?.[0]?.extensions?.reasons;
    const message = readErrorBody(answer)?.message || `the API answered HTTP ${response.status}`;
    throw new Error(reasons?.length ? `${message}\n  - ${reasons.join('\n  - ')}` : message);
  }
  return answer as T;
}

export async function release(args: string[]): Promise<void> {
  const remote = REMOTES.find((r) => r.dir === args[0] || r.name === args[0]);
  if (!remote) throw new ReleaseUsageError(`release <remote> [--notes "…"] [--no-activate]; remotes: ${REMOTES.map((r) => r.dir).join(', ')} (got «${args[0] ?? ''}»)`);
  const notesAt = args.indexOf('--notes');
  const notes = notesAt >= 0 ? args[notesAt + 1] : undefined;
  if (notesAt >= 0 && !notes) throw new ReleaseUsageError('--notes "what changed"');
  const token = releaseToken();
  const started = Date.now();
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const buildId = releaseBuildId();
  const version = releaseVersion(packageVersion(remote.dir), buildId);
  const work = mkdtempSync(path.join(tmpdir(), `release-${remote.dir}-`));
  try {
    const out = path.join(work, version);
    console.log(`Building ${remote.dir} ${version} from ${ROOT}…`);
    // the typed operations and their trusted documents, from this checkout's .graphql files
    await runCodegen();
    const building = Date.now();
    const codegenTook = seconds(started);
    process.env.RELEASE_OUT_DIR = out;
    try {
      await runBuild(path.join(ROOT, remote.dir), buildId);
    } finally {
      delete process.env.RELEASE_OUT_DIR;
    }
    if (!existsSync(path.join(out, 'mf-manifest.json'))) throw new Error(`the build wrote no mf-manifest.json into ${out}`);
    const buildTook = seconds(building);
    const packing = Date.now();
    const archive = await packFolder(out);
    console.log(
      `Built in ${seconds(started)} (codegen ${codegenTook}, build ${buildTook}, archive ${seconds(packing)}); uploading ${(archive.byteLength / 1024).toFixed(0)} KB to ${releaseBase()}…`,
    );
    const uploading = Date.now();
    const meta = buildMeta(notes);
    const uploaded = await api<{ manifestUrl: string; actor: string; pruned: string[] }>(
      'PUT',
      `/api/ops/registry/uploads/${remote.name}/${encodeURIComponent(version)}`,
      token,
      archive as Uint8Array<ArrayBuffer>,
      { 'content-type': 'application/gzip', 'x-release-meta': Buffer.from(JSON.stringify(meta)).toString('base64url') },
    );
    console.log(`Published ${remote.name} ${version}. Upload, checks, storage and operations took ${seconds(uploading)}.`);
    console.log(`  by ${uploaded.actor}, from ${meta.commit?.slice(0, 12) ?? 'no git commit'}: ${uploaded.manifestUrl}`);
    if (uploaded.pruned.length > 0) console.log(`Retention pruned ${uploaded.pruned.join(', ')}.`);
    if (args.includes('--no-activate')) {
      console.log(`Not activated: npm run remotes -- activate ${remote.dir} ${version}`);
    } else {
      const activating = Date.now();
      await api('POST', '/api/ops/registry/activate', token, JSON.stringify({ remote: remote.name, version, by: actor() }), {
        'content-type': 'application/json',
      });
      console.log(`Activated in ${seconds(activating)}: visitors get ${remote.name} ${version} on their next page load.`);
    }
    console.log(`Release took ${seconds(started)}.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

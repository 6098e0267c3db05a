import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isReleaseVersion } from '@shop/contracts/release-plane';
import { Parser, type ReadEntry, Unpack } from 'tar';
import type { ReleaseStorageConfig } from './release-storage-config.ts';

export type { ReleaseStorageConfig };

/**
 * Release storage: `RELEASES_DIR/<remote>/<version>/`, one folder per published release, which
 * the remote's static server serves (scripts/serve-remote.mjs). Only the API writes here: the
 * upload route unpacks a release's archive into a hidden temporary folder beside it and renames
 * it into place, so a static server never sees half a release.
 */
export class ArchiveError extends Error {}

/**
 * Why an entry's path is refused, or null: absolute (`/x`, `C:\x`), climbing (`..` as any
 * segment), backslashes, NUL, or a hidden segment (the temporary folders are hidden).
 */
function pathProblem(name: string): string | null {
  if (name.includes('\0')) return 'NUL в имени';
  if (name.includes('\\')) return 'обратная косая черта в имени';
  if (path.posix.isAbsolute(name) || /^[A-Za-z]:/.test(name)) return 'абсолютный путь';
  const segments = name.replace(/^\.\/+/, '').replace(/\/+$/, '').split('/');
  if (segments.some((s) => s === '..')) return 'путь выходит из папки релиза';
  if (segments.some((s) => s.startsWith('.') && s !== '.')) return 'скрытый файл';
  return null;
}

/**
 * Reads the archive's entries without writing anything and refuses it whole when any entry is
 * not a plain file or folder (symlinks, hard links, devices…), has an unsafe path, or the
 * release passes the size or file-count limits. tar itself would only skip such entries with a
 * warning; a release must be refused instead, so this checks first.
 */
export async function inspectArchive(archive: Uint8Array, limits: Pick<ReleaseStorageConfig, 'maxUnpackedBytes' | 'maxFiles'>) {
  const problems: string[] = [];
  let bytes = 0;
  let files = 0;
  let hasManifest = false;
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      strict: true,
      onReadEntry(entry: ReadEntry) {
        files++;
        const name = entry.path;
        const problem = pathProblem(name);
        if (problem) problems.push(`${name.slice(0, 200)}: ${problem}`);
        else if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'Directory') problems.push(`${name.slice(0, 200)}: ${entry.type} (только файлы и папки)`);
        bytes += entry.size ?? 0;
        if (name.replace(/^\.\/+/, '') === 'mf-manifest.json' && (entry.type === 'File' || entry.type === 'OldFile')) hasManifest = true;
        entry.resume();
      },
    });
    parser.on('error', reject);
    parser.on('end', () => resolve());
    parser.end(Buffer.from(archive));
  }).catch((error: Error) => {
    throw new ArchiveError(`архив не читается: ${error.message}`);
  });
  if (files === 0) problems.push('архив пуст');
  if (files > limits.maxFiles) problems.push(`больше ${limits.maxFiles} файлов`);
  if (bytes > limits.maxUnpackedBytes) problems.push(`распакованный релиз больше ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} МБ`);
  if (problems.length === 0 && !hasManifest) problems.push('в корне нет mf-manifest.json');
  if (problems.length > 0) throw new ArchiveError(problems.slice(0, 10).join('; '));
}

/** The folder a remote's releases live in (its static server serves it). */
export function remoteStorage(dir: string, remote: string): string {
  return path.join(dir, remote);
}

/**
 * Unpacks a checked archive into `<storage>/<remote>/.incoming-<random>` and renames it to
 * `<storage>/<remote>/<version>`: the release appears whole or not at all. The temporary folder
 * is hidden (static servers do not serve dotfiles) and on the same file system as the target
 * (a rename across volumes would fail). Refuses a version whose folder exists (immutable).
 */
export async function storeRelease(config: ReleaseStorageConfig & { dir: string }, remote: string, version: string, archive: Uint8Array): Promise<string> {
  await inspectArchive(archive, config);
  const base = remoteStorage(config.dir, remote);
  const target = path.join(base, version);
  if (existsSync(target)) throw new ReleaseExistsError(remote, version);
  await mkdir(base, { recursive: true });
  const temp = path.join(base, `.incoming-${version}-${randomBytes(6).toString('hex')}`);
  await mkdir(temp);
  try {
    await new Promise<void>((resolve, reject) => {
      const unpack = new Unpack({
        cwd: temp,
        strict: true,
        // checked above; kept as a second guard
        filter: (name: string, entry) => !pathProblem(name) && ((entry as ReadEntry).type === 'File' || (entry as ReadEntry).type === 'Directory' || (entry as ReadEntry).type === 'OldFile'),
        preserveOwner: false,
      } as ConstructorParameters<typeof Unpack>[0]);
      unpack.on('error', reject);
      unpack.on('close', () => resolve());
      unpack.end(Buffer.from(archive));
    });
    if (!(await stat(path.join(temp, 'mf-manifest.json')).catch(() => null))?.isFile()) throw new ArchiveError('в корне нет mf-manifest.json');
    // the archive's own modes are not trusted: everything readable by the static server, nothing executable or writable by others
    await chmod(temp, 0o755);
    for (const entry of await readdir(temp, { recursive: true, withFileTypes: true })) {
      await chmod(path.join(entry.parentPath ?? entry.path, entry.name), entry.isDirectory() ? 0o755 : 0o644);
    }
    // a rename onto an existing (non-empty) folder fails: two uploads of one version cannot both land
    await rename(temp, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') throw new ReleaseExistsError(remote, version);
      throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return target;
}

export class ReleaseExistsError extends Error {
  constructor(remote: string, version: string) {
    super(`${remote} ${version} уже опубликован: релизы неизменяемы, соберите новую версию`);
  }
}

/** Removes a release's files (retention, or a release the registry refused to record). */
export async function removeRelease(dir: string, remote: string, version: string): Promise<void> {
  if (!isReleaseVersion(version)) return;
  await rm(path.join(remoteStorage(dir, remote), version), { recursive: true, force: true });
}

/** Uploads of one remote run one at a time (its retention sees every earlier publish). */
const queues = new Map<string, Promise<unknown>>();
export function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => {});
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

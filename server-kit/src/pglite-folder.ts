import { accessSync, constants, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A PGlite data folder that cannot be opened as it is: the one message says which folder, what is
 * wrong and what to do. Nothing in the folder has been changed when it is thrown.
 */
export class DataFolderError extends Error {}

/** The size of PostgreSQL's control file (global/pg_control) in every data folder. */
const PG_CONTROL_BYTES = 8192;

/** What the folder's setting is called, for the message (PGLITE_DIR, RELEASE_PGLITE_DIR). */
export interface FolderNames {
  setting: string;
}

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

function noAccess(dir: string, what: string, names: FolderNames): DataFolderError {
  return new DataFolderError(
    `The PGlite data folder ${dir} cannot be used: no permission to ${what} (this process runs as uid ${process.getuid?.() ?? '?'}). ` +
      `Give this user read and write access to the folder and everything in it (chown -R), or set ${names.setting} to a folder it owns.`,
  );
}

export function damaged(dir: string, detail: string): DataFolderError {
  return new DataFolderError(
    `The PGlite data folder ${dir} is damaged (${detail}); the database was not opened and nothing in the folder was changed. ` +
      `Restore the folder from a backup, or move it aside (mv ${dir} ${dir}.damaged) to start on a new, empty database.`,
  );
}

/**
 * Checks a PGlite data folder before PGlite touches it. PGlite makes a new database in any folder
 * without PG_VERSION, whatever else the folder holds, so an unchecked folder of other files, or a
 * database that lost that one file, would open as a new, empty database. Returns 'new' for a
 * missing or empty folder (a first start), 'existing' for one that looks like a whole database;
 * anything else throws DataFolderError.
 */
export function inspectPgliteFolder(dir: string, names: FolderNames): 'new' | 'existing' {
  let stat: Stats;
  try {
    stat = statSync(dir);
  } catch (e) {
    if (errno(e) === 'ENOENT') return 'new';
    if (errno(e) === 'EACCES') throw noAccess(dir, 'reach it', names);
    throw e;
  }
  if (!stat.isDirectory()) {
    throw new DataFolderError(`The PGlite data folder ${dir} is a file, not a folder. Set ${names.setting} to a folder, or move the file away.`);
  }
  let entries: string[];
  try {
    entries = readdirSync(dir);
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (e) {
    if (errno(e) === 'EACCES' || errno(e) === 'EPERM') throw noAccess(dir, 'read and write it', names);
    throw e;
  }
  if (entries.length === 0) return 'new';
  const isDatabase = entries.includes('base') && entries.includes('global');
  if (!entries.includes('PG_VERSION')) {
    if (isDatabase) throw damaged(dir, 'PG_VERSION is missing');
    const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
    throw new DataFolderError(
      `The folder ${dir} is not a PGlite data folder: it holds other files (${shown}). The database was not opened, so nothing was written there. ` +
        `Set ${names.setting} to an empty or new folder (a first start makes a new database there), or move those files away.`,
    );
  }
  try {
    for (const file of ['PG_VERSION', path.join('global', 'pg_control')]) accessSync(path.join(dir, file), constants.R_OK | constants.W_OK);
    if (!/^\d+\s*$/.test(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8'))) throw damaged(dir, 'PG_VERSION does not hold a version number');
    const control = statSync(path.join(dir, 'global', 'pg_control'));
    if (control.size !== PG_CONTROL_BYTES) throw damaged(dir, `global/pg_control is ${control.size} bytes, not ${PG_CONTROL_BYTES}`);
    if (!statSync(path.join(dir, 'base')).isDirectory()) throw damaged(dir, 'base is not a folder');
  } catch (e) {
    if (e instanceof DataFolderError) throw e;
    if (errno(e) === 'ENOENT') throw damaged(dir, `${path.relative(dir, (e as NodeJS.ErrnoException).path ?? dir) || 'a file'} is missing`);
    if (errno(e) === 'EACCES' || errno(e) === 'EPERM') throw noAccess(dir, `read and write ${path.relative(dir, (e as NodeJS.ErrnoException).path ?? dir)}`, names);
    throw e;
  }
  return 'existing';
}

/**
 * True for what PGlite throws when the files of a folder it opens (or queries) are not a sound
 * database: its WASM build aborts, or its start-up never completes.
 */
export function isPgliteFault(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'RuntimeError' || name === 'ExitStatus') return true;
    if (typeof message === 'string' && /Aborted\(|PGlite failed to initialize|could not read|invalid page|unexpected data beyond EOF|PANIC|checksum/i.test(message)) return true;
  }
  return false;
}

/** What PGlite threw, in one short line for a message. */
export function faultDetail(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: unknown };
  const inner = e?.cause && typeof e.cause === 'object' ? (e.cause as { message?: string }).message : undefined;
  const text = [e?.message, inner].filter(Boolean).join(': ') || String(error);
  return `PGlite: ${text.replace(/\s*Build with -sASSERTIONS for more info\.?/, '').slice(0, 200)}`;
}

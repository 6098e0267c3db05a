import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const HASH = /^[0-9a-f]{32}$/;

/**
 * Imported originals, one per content hash, and the renditions made from them («640.avif»),
 * by source (a hash or `art/…`). A reader never sees half a photo.
 */
export interface PhotoStore {
  original(hash: string): Promise<Buffer | null>;
  /** Keeps `bytes` under `hash`; a photo already kept is not written again. */
  putOriginal(hash: string, bytes: Buffer): Promise<void>;
  /** The original's size in bytes, null when none is kept under `hash` (or it is no hash). */
  originalSize(hash: string): Promise<number | null>;
  /** The renditions made so far of one source, sorted. */
  renditionNames(source: string): Promise<string[]>;
  rendition(source: string, name: string): Promise<Buffer | null>;
  putRendition(source: string, name: string, bytes: Buffer): Promise<void>;
  /** Drops an imported photo no row shows any more: its original and every rendition made of it. */
  forget(hash: string): Promise<void>;
}

export const isPhotoHash = (hash: string) => HASH.test(hash);

/**
 * The store on a folder (the embedded default; replicas on one machine share it as a volume).
 * Files are written under a temporary name and renamed.
 */
export class FolderPhotoStore implements PhotoStore {
  constructor(readonly dir: string) {}

  private originalPath(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`not a photo hash: ${hash}`);
    return join(this.dir, 'originals', hash.slice(0, 2), hash);
  }

  /** `source` and `name` come from a checked photo address (@shop/contracts/photos): no «..», no «//». */
  private renditionsDir(source: string): string {
    return join(this.dir, 'renditions', source);
  }

  private renditionPath(source: string, name: string): string {
    return join(this.renditionsDir(source), name);
  }

  async original(hash: string): Promise<Buffer | null> {
    return readOrNull(this.originalPath(hash));
  }

  async putOriginal(hash: string, bytes: Buffer): Promise<void> {
    const path = this.originalPath(hash);
    if (await exists(path)) return;
    await writeAtomically(path, bytes);
  }

  async originalSize(hash: string): Promise<number | null> {
    if (!HASH.test(hash)) return null;
    return stat(this.originalPath(hash)).then(
      (s) => s.size,
      () => null,
    );
  }

  /** Half-written files (a temporary name) are not listed. */
  async renditionNames(source: string): Promise<string[]> {
    const names = await readdir(this.renditionsDir(source)).catch(() => [] as string[]);
    return names.filter((n) => !n.endsWith('.tmp')).sort();
  }

  async rendition(source: string, name: string): Promise<Buffer | null> {
    return readOrNull(this.renditionPath(source, name));
  }

  async putRendition(source: string, name: string, bytes: Buffer): Promise<void> {
    await writeAtomically(this.renditionPath(source, name), bytes);
  }

  async forget(hash: string): Promise<void> {
    await rm(this.renditionsDir(hash), { recursive: true, force: true });
    await rm(this.originalPath(hash), { force: true });
  }
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomUUID()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, path);
}

import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const HASH = /^[0-9a-f]{32}$/;

/**
 * Imported originals, one file per content hash, and the renditions made from them, on a
 * folder (the embedded default; replicas share it as a volume). Files are written under a
 * temporary name and renamed, so a reader never sees half a photo.
 */
export class PhotoStore {
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

  /** Keeps `bytes` under `hash`; a photo already kept is not written again. */
  async putOriginal(hash: string, bytes: Buffer): Promise<void> {
    const path = this.originalPath(hash);
    if (await exists(path)) return;
    await writeAtomically(path, bytes);
  }

  /** The original's size in bytes, null when none is kept under `hash` (or it is no hash). */
  async originalSize(hash: string): Promise<number | null> {
    if (!HASH.test(hash)) return null;
    return stat(this.originalPath(hash)).then(
      (s) => s.size,
      () => null,
    );
  }

  /** The renditions made so far of one source, e.g. «640.avif», sorted; none while one is half written. */
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

  /** Drops an imported photo no row shows any more: its original and every rendition made of it. */
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

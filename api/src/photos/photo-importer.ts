import { lstat, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import pLimit from 'p-limit';
import { fetchPhoto, PhotoFetchError, type PhotoFetchOptions } from './fetch-photo.ts';
import { type InspectedPhoto, inspectPhoto, type PhotoLimits } from './inspect-photo.ts';
import type { PhotoStore } from './photo-store.ts';

export interface PhotoImportOptions {
  store: PhotoStore;
  limits: PhotoLimits;
  /** The folder file names are read from (the catalogue file's); none: files are refused. */
  baseDir?: string;
  /** https addresses: hosts, time and size limits. */
  fetch: Omit<PhotoFetchOptions, 'maxBytes'>;
}

export type PhotoOutcome = { ok: true; photo: InspectedPhoto } | { ok: false; reason: string };

class Refused extends Error {}

/** Photos read at once: each holds one photo's bytes and a decode of it. */
const CONCURRENCY = 2;

/**
 * Reads, checks and keeps photos named by a catalogue: a file inside its folder or an https
 * address. The same name is read once; the same bytes are kept once (by content hash).
 */
export class PhotoImporter {
  private readonly limit = pLimit(CONCURRENCY);
  private readonly bySrc = new Map<string, Promise<PhotoOutcome>>();

  constructor(private readonly options: PhotoImportOptions) {}

  load(src: string): Promise<PhotoOutcome> {
    let pending = this.bySrc.get(src);
    if (!pending) {
      pending = this.limit(() => this.keep(src));
      this.bySrc.set(src, pending);
    }
    return pending;
  }

  private async keep(src: string): Promise<PhotoOutcome> {
    try {
      const bytes = /^[a-z][a-z0-9+.-]*:/i.test(src) ? await this.download(src) : await this.readBeside(src);
      const inspection = await inspectPhoto(bytes, this.options.limits);
      if (!inspection.ok) return inspection;
      await this.options.store.putOriginal(inspection.photo.hash, bytes);
      return inspection;
    } catch (e) {
      if (e instanceof Refused || e instanceof PhotoFetchError) return { ok: false, reason: e.message };
      throw e;
    }
  }

  private download(src: string): Promise<Buffer> {
    return fetchPhoto(src, { ...this.options.fetch, maxBytes: this.options.limits.maxBytes });
  }

  /** A file inside the catalogue's folder: no absolute name, no way out through «..» or a link. */
  private async readBeside(src: string): Promise<Buffer> {
    const { baseDir, limits } = this.options;
    if (!baseDir) throw new Refused('файлы фото принимаются только при загрузке из папки каталога');
    if (isAbsolute(src) || src.includes('\\') || src.split('/').some((part) => part === '..' || part === '')) {
      throw new Refused('укажите путь к файлу внутри папки каталога, например photos/dd1319-1.jpg');
    }
    const base = await realpath(baseDir);
    let path: string;
    try {
      path = await realpath(resolve(base, src));
    } catch {
      throw new Refused('файл не найден');
    }
    const inside = relative(base, path);
    if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
      throw new Refused('файл вне папки каталога');
    const info = await lstat(path);
    if (!info.isFile()) throw new Refused('это не файл');
    if (info.size > limits.maxBytes) throw new Refused(`файл больше ${Math.floor(limits.maxBytes / 1024 / 1024)} МБ`);
    return readFile(path);
  }
}

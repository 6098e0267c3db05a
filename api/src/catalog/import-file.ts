import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../db/database.ts';
import { type PhotoImportOptions, PhotoImporter } from '../photos/photo-importer.ts';
import { hasPhotosToImport, importCatalogPhotos } from './catalog-photos.ts';
import { locateLines } from './json-lines.ts';
import { type LoadResult, loadCatalog } from './load-catalog.ts';
import { type CatalogProblem, type ValidateOptions, validateCatalog } from './validate-catalog.ts';

export type ImportResult =
  | { ok: true; loaded: LoadResult; photos: { imported: number; refused: CatalogProblem[] } }
  | { ok: false; problems: CatalogProblem[] };

export interface ImportOptions extends ValidateOptions {
  /** Where photos named by `src` are read from and kept; without it such photos are refused. */
  photos?: PhotoImportOptions;
}

/**
 * Validates everything first, then reads the photos; only a catalogue without a single problem
 * is loaded, in one transaction. A photo that fails its checks is left out and reported; a
 * colour left with no photo is a problem.
 */
export async function importCatalog(db: Db, data: unknown, options: ImportOptions = {}): Promise<ImportResult> {
  const result = validateCatalog(data, options);
  if (!result.ok) return { ok: false, problems: result.problems };
  if (!options.photos && hasPhotosToImport(result.catalog)) {
    return { ok: false, problems: [{ position: '(файл)', message: 'фото из src загружаются только командой импорта (npm run import) из папки каталога' }] };
  }
  const photos = options.photos ? await importCatalogPhotos(result.catalog, new PhotoImporter(options.photos)) : { imported: 0, refused: [], problems: [] };
  if (photos.problems.length) return { ok: false, problems: [...photos.refused, ...photos.problems] };
  return { ok: true, loaded: await loadCatalog(db, result.catalog), photos: { imported: photos.imported, refused: photos.refused } };
}

export async function importCatalogFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return { ok: false, problems: [{ position: file, message: `не удалось прочитать файл: ${(e as Error).message}` }] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [{ position: '(файл)', message: `некорректный JSON: ${(e as Error).message}` }] };
  }
  // photo files are named relative to the catalogue's own folder
  const photos = options.photos ? { ...options.photos, baseDir: options.photos.baseDir ?? dirname(file) } : undefined;
  const result = await importCatalog(db, data, { ...options, photos });
  const lines = locateLines(
    text,
    (result.ok ? result.photos.refused : result.problems).map((p) => p.position),
  );
  const located = (list: CatalogProblem[]) => list.map((p) => ({ ...p, line: lines.get(p.position) }));
  if (result.ok) return { ...result, photos: { ...result.photos, refused: located(result.photos.refused) } };
  return { ok: false, problems: located(result.problems) };
}

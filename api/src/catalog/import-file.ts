import { readFile } from 'node:fs/promises';
import type { Db } from '../db/database.ts';
import { locateLines } from './json-lines.ts';
import { type LoadResult, loadCatalog } from './load-catalog.ts';
import { type CatalogProblem, type ValidateOptions, validateCatalog } from './validate-catalog.ts';

export type ImportResult = { ok: true; loaded: LoadResult } | { ok: false; problems: CatalogProblem[] };

/** Validates everything first; only a file without a single problem is loaded, in one transaction. */
export async function importCatalog(db: Db, data: unknown, options: ValidateOptions = {}): Promise<ImportResult> {
  const result = validateCatalog(data, options);
  if (!result.ok) return { ok: false, problems: result.problems };
  return { ok: true, loaded: await loadCatalog(db, result.catalog) };
}

export async function importCatalogFile(db: Db, file: string, options: ValidateOptions = {}): Promise<ImportResult> {
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
  const result = await importCatalog(db, data, options);
  if (result.ok) return result;
  const lines = locateLines(text, result.problems.map((p) => p.position));
  return { ok: false, problems: result.problems.map((p) => ({ ...p, line: lines.get(p.position) })) };
}

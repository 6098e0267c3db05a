import type { CatalogSeed } from '../config.ts';
import type { Db } from '../db/database.ts';
import { generateCatalog } from './generator.ts';
import { isCatalogEmpty, type LoadResult, loadCatalog } from './load-catalog.ts';
import { validateCatalog } from './validate-catalog.ts';

/** Loads the generated catalogue of the given size (replacing the current one). */
export async function seedCatalog(db: Db, size: 'small' | 'large'): Promise<LoadResult> {
  const result = validateCatalog(generateCatalog(size));
  if (!result.ok) throw new Error(`generated catalogue is invalid: ${JSON.stringify(result.problems.slice(0, 5))}`);
  return loadCatalog(db, result.catalog);
}

/** On start: an empty database gets the configured default catalogue; a filled one is left alone. */
export async function seedIfEmpty(db: Db, seed: CatalogSeed): Promise<LoadResult | null> {
  if (seed === 'none' || !(await isCatalogEmpty(db))) return null;
  return seedCatalog(db, seed);
}

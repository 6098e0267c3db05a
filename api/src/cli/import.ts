import { resolve } from 'node:path';
import { importCatalogFile } from '../catalog/import-file.ts';
import { withImportLease } from '../catalog/import-lease.ts';
import { invocationDir, loadConfig } from '../config.ts';
import { createPhotoStore } from '../photos/photo-stores.ts';
import { withDatabase } from './with-database.ts';

const arg = process.argv[2];
if (!arg) {
  console.error(
    'Usage: npm run import -w @shop/api -- catalogue.json   (format: api/README.md; photos named by "src" are read beside it)',
  );
  process.exit(2);
}
const file = resolve(invocationDir(), arg);
const config = loadConfig();

await withDatabase(async (db) => {
  const { photos } = config;
  const store = await createPhotoStore(photos);
  const leased = await withImportLease(db, () =>
    importCatalogFile(db, file, {
      imageHosts: config.catalogImageHosts,
      photos: {
        store,
        limits: { maxBytes: photos.maxBytes, maxPixels: photos.maxPixels },
        fetch: { hosts: config.catalogImageHosts, timeoutMs: photos.fetchTimeoutMs },
      },
    }),
  );
  if (leased.busy) {
    console.error('Another catalogue import is running (the desk or this command); try again when it ends.');
    process.exitCode = 1;
    return;
  }
  const result = leased.value;
  if (!result.ok) {
    console.error(`Import rejected: ${result.problems.length} problem(s); the catalogue was not changed.`);
    for (const p of result.problems) console.error(`  ${p.line ? `line ${p.line}, ` : ''}${p.position}: ${p.message}`);
    process.exitCode = 1;
  } else {
    const l = result.loaded;
    console.log(
      `Imported ${l.categories} categories, ${l.brands} brands, ${l.models} models, ${l.products} products, ${l.offers} offers, ${result.photos.imported} photos.`,
    );
    if (result.photos.refused.length) console.warn(`${result.photos.refused.length} photo(s) refused and left out:`);
    for (const p of result.photos.refused)
      console.warn(`  ${p.line ? `line ${p.line}, ` : ''}${p.position}: ${p.message}`);
  }
});

import { importCatalogFile } from '../catalog/import-file.ts';
import { resolve } from 'node:path';
import { invocationDir, loadConfig } from '../config.ts';
import { withDatabase } from './with-database.ts';

const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run import -w @shop/api -- catalogue.json   (format: api/README.md)');
  process.exit(2);
}
const file = resolve(invocationDir(), arg);

await withDatabase(async (db) => {
  const result = await importCatalogFile(db, file, { imageHosts: loadConfig().catalogImageHosts });
  if (!result.ok) {
    console.error(`Import rejected: ${result.problems.length} problem(s); the catalogue was not changed.`);
    for (const p of result.problems) console.error(`  ${p.line ? `line ${p.line}, ` : ''}${p.position}: ${p.message}`);
    process.exitCode = 1;
  } else {
    const l = result.loaded;
    console.log(`Imported ${l.categories} categories, ${l.brands} brands, ${l.models} models, ${l.products} products, ${l.offers} offers.`);
  }
});

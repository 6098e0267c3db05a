import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateCatalog } from '../catalog/generator.ts';
import { seedCatalog } from '../catalog/seed.ts';
import { invocationDir } from '../config.ts';
import { withDatabase } from './with-database.ts';

// Replaces the catalogue with the generated one: `npm run seed -w @shop/api -- large`.
// With `--out file.json` it only writes the generated catalogue in the import format.
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
// the size is the first plain argument that is not --out's value (with no --out, any: `i !== outAt + 1`
// alone would skip index 0, so `seed large` seeded the small catalogue)
const size = args.find((a, i) => !a.startsWith('--') && (outAt < 0 || i !== outAt + 1)) ?? 'small';
if ((size !== 'small' && size !== 'large') || (outAt >= 0 && !out)) {
  console.error('Usage: npm run seed -w @shop/api -- [small|large] [--out catalogue.json]');
  process.exit(2);
}
if (out) {
  const file = resolve(invocationDir(), out);
  writeFileSync(file, `${JSON.stringify(generateCatalog(size), null, 2)}\n`);
  console.log(`Wrote the ${size} generated catalogue to ${file}`);
} else {
  await withDatabase(async (db) => {
    const loaded = await seedCatalog(db, size);
    console.log(`Seeded ${size}: ${loaded.products} products, ${loaded.offers} offers.`);
  });
}

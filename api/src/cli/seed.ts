import { seedCatalog } from '../catalog/seed.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { LockError } from '../db/lock-file.ts';
import { openDatabaseFromConfig } from '../db/open-from-config.ts';

// Replaces the catalogue with the generated one: `npm run seed -w @shop/api -- large`
const size = process.argv[2] ?? 'small';
if (size !== 'small' && size !== 'large') {
  console.error('Usage: npm run seed -w @shop/api -- [small|large]');
  process.exit(2);
}
try {
  const database = await openDatabaseFromConfig(loadConfig());
  try {
    const loaded = await seedCatalog(database.db, size);
    console.log(`Seeded ${size}: ${loaded.products} products, ${loaded.offers} offers.`);
  } finally {
    await database.close();
  }
} catch (e) {
  console.error(e instanceof ConfigError || e instanceof LockError ? e.message : e);
  process.exitCode = 1;
}

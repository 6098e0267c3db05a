// Public entry of @shop/api for tests and tooling.
export { type Config, ConfigError, loadConfig, testConfig } from './config.ts';
export { createPglite, type Database, type DatabaseOptions, type Db, openDatabase, rows } from './db/database.ts';
export { openDatabaseFromConfig } from './db/open-from-config.ts';
export { LockError } from './db/lock-file.ts';
export { generateCatalog, type CatalogSize } from './catalog/generator.ts';
export { seedCatalog, seedIfEmpty } from './catalog/seed.ts';
export { importCatalog, importCatalogFile, type ImportResult } from './catalog/import-file.ts';
export { loadCatalog, catalogVersion } from './catalog/load-catalog.ts';
export { validateCatalog, type CatalogProblem } from './catalog/validate-catalog.ts';
export type { CatalogFile } from './catalog/catalog-file.ts';
export { createApi, type Api, type ApiOptions } from './http/app.ts';
export { createUser } from './accounts/account-repo.ts';
export { printSchemaSdl } from './graphql/print-schema.ts';
export { PhotoImporter } from './photos/photo-importer.ts';
export { FolderPhotoStore, type PhotoStore } from './photos/photo-store.ts';
export { renderRendition } from './photos/renditions.ts';

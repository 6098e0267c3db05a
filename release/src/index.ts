// Public entry of @shop/release for tests and tooling (the remotes CLI types its answers with these).
export { type Config, ConfigError, loadConfig, testConfig } from './config.ts';
export { type Database, type Db, openDatabase } from './db/database.ts';
export { buildReleaseApp, type ReleaseAppOptions } from './http/app.ts';
export { type CatalogueApi, createApiClient } from './catalogue/api-client.ts';
export type { ReleaseChecks, ReleaseMeta } from './registry/registry-tables.ts';
export type { ReleaseHealth } from './registry/health-repo.ts';

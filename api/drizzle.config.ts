import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // the catalogue and order tables, and each feature's own tables (persisted/, payments/, …)
  schema: ['./src/db/schema.ts', './src/*/*-tables.ts'],
  out: './drizzle',
});

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // the catalogue and order tables, and each feature's own tables (registry/, payments/, …)
  schema: ['./src/db/schema.ts', './src/*/*-tables.ts'],
  out: './drizzle',
});

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/registry/registry-tables.ts'],
  schemaFilter: ['release'],
  out: './drizzle',
});

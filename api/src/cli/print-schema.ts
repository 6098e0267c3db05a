import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaSdl } from '../graphql/print-schema.ts';

const target = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
writeFileSync(target, printSchemaSdl());
console.log(`Wrote ${target}`);

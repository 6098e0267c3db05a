import { printSchema } from 'graphql';
import { buildSchema } from './schema.ts';

export function printSchemaSdl(): string {
  return `${printSchema(buildSchema())}\n`;
}

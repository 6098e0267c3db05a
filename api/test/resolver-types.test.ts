// The resolvers are typed from the schema: src/graphql/resolvers-types.generated.ts is committed
// (the API compiles with tsc alone) and must be what codegen makes of the committed schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { RESOLVER_TYPES_FILE, resolverTypesTarget } from '../codegen-resolvers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('resolvers-types.generated.ts', () => {
  it('is what codegen makes of schema.graphql (run `npm run codegen`)', async () => {
    const [output] = await generate(
      { cwd: root, schema: 'api/schema.graphql', generates: { [RESOLVER_TYPES_FILE]: resolverTypesTarget }, silent: true },
      false,
    );
    expect(output?.filename).toBe(RESOLVER_TYPES_FILE);
    expect(readFileSync(path.join(root, RESOLVER_TYPES_FILE), 'utf8')).toBe(output?.content);
  }, 30_000);
});

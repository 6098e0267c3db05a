/**
 * GraphQL codegen: the API's schema (api/schema.graphql, printed from the API's type
 * definitions) and each front-end package's `.graphql` operations give that package one
 * typed `src/graphql/generated.ts`. Generated files are not committed: `npm run codegen`
 * (run by build, start and test) writes them, and then each package's manifest of trusted
 * documents, `src/graphql/persisted-operations.json` (scripts/codegen/persisted-manifest.ts), and
 * from the remotes table each remote's `src/contract.generated.ts` (scripts/codegen/remote-modules.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { REMOTES } from '@shop/contracts/remotes';
import { RESOLVER_TYPES_FILE, resolverTypesTarget } from './api/codegen-resolvers.ts';

// the host and every remote of the remotes table
const packages = ['host', ...Object.values(REMOTES).map((remote) => remote.dir)];

function hasOperations(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((f) => f.endsWith('.graphql'));
}

const config: CodegenConfig = {
  schema: process.env.CODEGEN_SCHEMA ?? 'api/schema.graphql',
  generates: Object.fromEntries(
    packages
      .filter((pkg) => hasOperations(path.join(pkg, 'src')))
      .map((pkg) => [
        `${pkg}/src/graphql/generated.ts`,
        {
          documents: `${pkg}/src/**/*.graphql`,
          plugins: ['typescript-operations', 'typed-document-node'],
          config: {
            useTypeImports: true,
            // Apollo adds __typename to every selection; the types say so.
            nonOptionalTypename: true,
            enumsAsTypes: true,
            onlyOperationTypes: true,
            avoidOptionals: { field: true, inputValue: false, object: true },
            scalars: { ID: 'string' },
          },
        },
      ]),
  ),
  hooks: {
    // then each package's manifest of trusted documents (persisted-operations.json beside
    // generated.ts): the exact texts Apollo sends and their sha256 ids, registered by releases
    // and, from the remotes table, each remote's contract check
    afterAllFileWrite: ['tsx scripts/codegen/persisted-manifest.ts', 'tsx scripts/codegen/remote-modules.ts'],
  },
};

// and the API's resolver types (its build writes them too: api/codegen-resolvers.ts)
config.generates[RESOLVER_TYPES_FILE] = resolverTypesTarget;

export default config;

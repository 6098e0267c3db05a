/**
 * The API's resolver types, generated from its schema (api/schema.graphql) by GraphQL codegen
 * (`typescript` + `typescript-resolvers`) into src/graphql/resolvers-types.generated.ts.
 *
 * Not committed, like the front end's generated.ts (and a committed copy would be 1,300 lines of
 * look-alike types in the duplicate-code scan): the API's `prebuild` runs this config, so
 * `npm run build -w @shop/api` (npm start, the API image, CI) works on a fresh clone, and the root
 * codegen.ts adds the same target, so `npm run codegen` (before tsc in npm test) writes it too.
 * Run from the repository root: `tsx api/codegen-resolvers.ts` writes it and says nothing unless it fails.
 */
import { pathToFileURL } from 'node:url';
import { type CodegenConfig, generate } from '@graphql-codegen/cli';
import type { Types } from '@graphql-codegen/plugin-helpers';

export const RESOLVER_TYPES_FILE = 'api/src/graphql/resolvers-types.generated.ts';

/** Each schema type a resolver's parent is, to the row the repositories answer (paths from the generated file). */
const mappers = {
  Category: '../repo/rows.ts#CategoryRow',
  Brand: '../repo/rows.ts#BrandRow',
  Product: '../repo/rows.ts#ProductRow',
  Offer: '../repo/rows.ts#OfferRow',
  ProductModel: '../repo/rows.ts#ModelRow',
  GalleryImage: '../repo/rows.ts#PhotoRow',
  Property: '../repo/catalog-meta.ts#PropertyRow',
  Order: '../orders/order-repo.ts#OrderRow',
  OrderLine: '../orders/order-repo.ts#SoldLineRow',
  ReturnRequest: '../returns/returns.ts#ReturnRequestRow',
  ResolvedPage: '../repo/page-repo.ts#ResolvedPage as ResolvedPageRow',
};

export const resolverTypesTarget: Types.ConfiguredOutput = {
  plugins: ['typescript', 'typescript-resolvers'],
  config: {
    useTypeImports: true,
    contextType: './context.ts#ApiContext',
    mappers,
    // enums are string unions, as the front end's types and the repositories' own values are
    enumsAsTypes: true,
    // a resolver map has only the schema's fields: a misspelt one is an error
    useIndexSignature: false,
    // ids are read as strings; the rows answer numbers, which graphql serialises as ID
    scalars: { ID: { input: 'string', output: 'string | number' } },
    // the dates, images and JSON the rows hold are mapped by field resolvers, so a parent not in
    // `mappers` is the schema type itself (codegen's default)
    optionalInfoArgument: true,
  },
};

/** The API's target alone (its prebuild); paths from the repository root. */
const config: CodegenConfig = {
  schema: 'api/schema.graphql',
  generates: { [RESOLVER_TYPES_FILE]: resolverTypesTarget },
};

export default config;

// run as a script (the prebuild): quiet on success, the codegen error and exit code 1 otherwise
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  generate({ ...config, silent: true }, true).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}

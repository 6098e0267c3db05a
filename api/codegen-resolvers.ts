/**
 * The API's resolver types, generated from its schema (api/schema.graphql) by GraphQL codegen
 * (`typescript` + `typescript-resolvers`): the root codegen.ts adds this one target, and
 * api/test/resolver-types.test.ts generates it again and compares.
 *
 * The output, src/graphql/resolvers-types.generated.ts, is committed (like schema.graphql), so
 * compiling the API (`npm run build -w @shop/api`: npm start, the API image, CI) needs nothing
 * but tsc on a fresh clone; the test fails when it is stale (`npm run codegen` rewrites it).
 */
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
  Order: '../orders/order-repo.ts#OrderRow',
  OrderLine: '../orders/order-repo.ts#OrderLineRow',
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

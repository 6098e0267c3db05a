import type { ProductPageQuery } from '../graphql/generated.ts';

/** The product page's data as the API returns it (generated from product-page.graphql). */
export type ProductData = NonNullable<ProductPageQuery['product']>;
export type OfferData = ProductData['offers'][number];
export type PhotoData = ProductData['gallery'][number];
export type VariantData = ProductData['variants'][number];

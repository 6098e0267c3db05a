import { useQuery } from '@apollo/client/react';
import type { ProductCardData, ProductSliderProps } from '@shop/contracts/remotes';
import { useMemo } from 'react';
import { NewestProductsDocument, PopularProductsDocument, RecommendedProductsDocument } from '../graphql/generated.ts';
import { toCardData } from '../product-card/to-card-data.ts';

/** All the products of one slider (the API's list length). */
export const SLIDER_ALL = 20;
/**
 * The products a slider shows before it comes near the screen: as many as its widest view shows at
 * once (4 at 1280 px and wider, PRODUCT_SLIDER_BREAKPOINTS). A server-rendered page renders,
 * serializes and hydrates only these; the rest are asked for in the browser when the slider nears
 * the viewport or is touched (product-slider.tsx). The lists are ordered with the id as the last key,
 * so the first four of twenty are these four: nothing on the screen moves when the rest arrive.
 */
export const SLIDER_FIRST_VIEW = 4;
/**
 * The first view of a slider under the first screen: one card, which gives the row its height, so
 * nothing under it moves when the rest arrive; it asks for them 400 px before it scrolls into view,
 * so the shopper finds them there. The home page's three sliders are all under the first screen
 * (their tops measured at 1,451 px on a 412×823 phone, 1,035 px at 1350×940 and 1920×1080, the
 * cards ~60 px lower; reports/page-weight.md).
 */
export const SLIDER_BELOW_FOLD = 1;

interface Options {
  /** How many products to ask for (SLIDER_FIRST_VIEW, SLIDER_BELOW_FOLD or SLIDER_ALL). */
  limit: number;
  skip?: boolean;
}

/** The products of one home-page list, asked of the API by the slider itself. */
export function useSliderProducts(
  { list, excludeIds, categoryIds, priceFrom, priceTo }: Omit<ProductSliderProps, 'title'>,
  { limit, skip = false }: Options,
) {
  const recommended = useQuery(RecommendedProductsDocument, {
    variables: { excludeIds, categoryIds, priceFrom, priceTo, limit },
    skip: skip || list !== 'recommended',
  });
  const popular = useQuery(PopularProductsDocument, {
    variables: { categoryIds, limit },
    skip: skip || list !== 'popular',
  });
  const newest = useQuery(NewestProductsDocument, {
    variables: { categoryIds, limit },
    skip: skip || list !== 'newest',
  });
  const items =
    list === 'recommended'
      ? recommended.data?.recommendedProducts
      : list === 'popular'
        ? popular.data?.popularProducts
        : newest.data?.newestProducts;
  const result = list === 'recommended' ? recommended : list === 'popular' ? popular : newest;
  const products = useMemo<ProductCardData[] | undefined>(() => items?.map((p) => toCardData(p)), [items]);
  return { products, error: result.error, refetch: result.refetch };
}

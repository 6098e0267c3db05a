import { useQuery } from '@apollo/client/react';
import type { ProductCardData, ProductSliderProps } from '@shop/contracts/remotes';
import { useMemo } from 'react';
import { NewestProductsDocument, PopularProductsDocument, RecommendedProductsDocument } from '../graphql/generated.ts';
import { toCardData } from '../product-card/to-card-data.ts';

/** The products of one home-page list (20 items), asked of the API by the slider itself. */
export function useSliderProducts({
  list,
  excludeIds,
  categoryIds,
  priceFrom,
  priceTo,
}: Omit<ProductSliderProps, 'title'>) {
  const recommended = useQuery(RecommendedProductsDocument, {
    variables: { excludeIds, categoryIds, priceFrom, priceTo },
    skip: list !== 'recommended',
  });
  const popular = useQuery(PopularProductsDocument, { variables: { categoryIds }, skip: list !== 'popular' });
  const newest = useQuery(NewestProductsDocument, { variables: { categoryIds }, skip: list !== 'newest' });
  const items =
    list === 'recommended'
      ? recommended.data?.recommendedProducts
      : list === 'popular'
        ? popular.data?.popularProducts
        : newest.data?.newestProducts;
  const result = list === 'recommended' ? recommended : list === 'popular' ? popular : newest;
  const products = useMemo<ProductCardData[] | undefined>(() => items?.map((p) => toCardData(p, p.offers)), [items]);
  return { products, error: result.error, refetch: result.refetch };
}

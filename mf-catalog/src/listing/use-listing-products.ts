import { useQuery } from '@apollo/client/react';
import type { ProductCardData } from '@shop/contracts/remotes';
import { useMemo, useRef } from 'react';
import { ListingProductsDocument, type ListingProductsQuery, type ListingProductsQueryVariables } from '../graphql/generated.ts';

/** Why a search found nothing and what to try instead (the API's SearchHint). */
export type SearchHint = NonNullable<ListingProductsQuery['products']['searchHint']>;
import { toCardData } from '../product-card/to-card-data.ts';

interface Shown {
  totalCount: number;
  /** The query as the API searched it, when it changed what was typed (null otherwise or on 0 results). */
  searchCorrected: string | null;
  searchHint: SearchHint | null;
  items: ProductCardData[];
}

/**
 * One page of a listing. Each card's «от» comes with the listing (the API's `cardPriceInRUB`),
 * so one query serves a page and its serialized state carries no offers. While a new page loads,
 * the previous one stays on screen (`loading` is true until the answer is in).
 */
export function useListingProducts(variables: ListingProductsQueryVariables) {
  const products = useQuery(ListingProductsDocument, { variables });
  const last = useRef<Shown | undefined>(undefined);
  const current = useMemo<Shown | undefined>(() => {
    const list = products.data?.products;
    if (!list) return undefined;
    return {
      totalCount: list.totalCount,
      searchCorrected: list.searchCorrected ?? null,
      searchHint: list.searchHint ?? null,
      items: list.items.map((p) => toCardData(p)),
    };
  }, [products.data]);
  if (current) last.current = current;
  return {
    list: current ?? last.current,
    loading: !current || products.loading,
    error: products.error,
    refetch: () => void products.refetch(),
  };
}

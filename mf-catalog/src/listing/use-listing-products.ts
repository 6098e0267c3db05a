import { useQuery } from '@apollo/client/react';
import type { ProductCardData } from '@shop/contracts/remotes';
import { useMemo, useRef } from 'react';
import {
  ListingOfferPricesDocument,
  ListingProductsDocument,
  type ListingProductsQueryVariables,
} from '../graphql/generated.ts';
import { type CardOffer, toCardData } from '../product-card/to-card-data.ts';

interface Shown {
  totalCount: number;
  /** The query as the API searched it, when it changed what was typed (null otherwise or on 0 results). */
  searchCorrected: string | null;
  items: ProductCardData[];
}

/**
 * One page of a listing. The offers' prices come in a second, flat query (asking them inside
 * the listing goes over the API's cost limit) and decide «от» on each card. While a new page
 * loads, the previous one stays on screen (`loading` is true until both answers are in).
 */
export function useListingProducts(variables: ListingProductsQueryVariables) {
  const products = useQuery(ListingProductsDocument, { variables });
  const ids = useMemo(() => products.data?.products.items.map((p) => p.productId) ?? [], [products.data]);
  const prices = useQuery(ListingOfferPricesDocument, { variables: { productIds: ids }, skip: ids.length === 0 });
  const last = useRef<Shown | undefined>(undefined);
  const current = useMemo<Shown | undefined>(() => {
    const list = products.data?.products;
    if (!list) return undefined;
    if (list.items.length > 0 && !prices.data) return undefined;
    const byProduct = new Map<string, CardOffer[]>();
    for (const offer of prices.data?.offers ?? []) {
      byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
    }
    return {
      totalCount: list.totalCount,
      searchCorrected: list.searchCorrected ?? null,
      items: list.items.map((p) => toCardData(p, byProduct.get(p.productId) ?? [])),
    };
  }, [products.data, prices.data]);
  if (current) last.current = current;
  return {
    list: current ?? last.current,
    loading: !current || products.loading || prices.loading,
    error: products.error ?? prices.error,
    refetch: () => void (products.error ? products.refetch() : prices.refetch()),
  };
}

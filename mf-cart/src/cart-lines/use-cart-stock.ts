import { useQuery } from '@apollo/client/react';
import type { CartItem } from '@shop/mf-shared';
import { useMemo } from 'react';
import { CartStockDocument } from '../graphql/generated.ts';

/**
 * Free stock of each cart line's size (offer id → units), asked of the API for the cart's
 * products; lines stored without their product id (older releases) are simply not known. A
 * failed or pending answer knows nothing: the stepper then allows 99 and checkout has the last word.
 */
export function useCartStock(items: CartItem[]): ReadonlyMap<string, number> {
  const productIds = useMemo(() => [...new Set(items.flatMap((i) => (i.productId ? [i.productId] : [])))].sort(), [items]);
  const { data } = useQuery(CartStockDocument, {
    variables: { productIds },
    skip: productIds.length === 0,
    // stock moves with every order: the cache may show the last answer, the network brings today's
    fetchPolicy: 'cache-and-network',
  });
  return useMemo(() => new Map((data?.offers ?? []).map((o) => [o.id, o.stock])), [data]);
}

/** What the shopper reads under a line that asks for more than is left; null when it fits or is not known. */
export function stockNote(quantity: number, stock: number | undefined): string | null {
  if (stock === undefined) return null;
  if (stock <= 0) return 'Этот размер закончился: удалите его из корзины.';
  if (quantity > stock) return `В наличии только ${stock} шт.: уменьшите количество.`;
  return null;
}

/** The stepper's upper bound: the free stock when known and positive, else none (99). */
export function stockLimit(stock: number | undefined): number | undefined {
  return stock !== undefined && stock > 0 ? stock : undefined;
}

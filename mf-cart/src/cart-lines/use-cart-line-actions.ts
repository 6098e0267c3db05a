import { cartLineProduct } from '@shop/contracts/analytics';
import { type CartItem, analytics, useCart } from '@shop/mf-shared';
import { useCallback } from 'react';

/** Quantity changes and removal of a line; removal is reported (goal from_cart). */
export function useCartLineActions(line: CartItem) {
  const setQuantity = useCart((state) => state.setQuantity);
  const removeLine = useCart((state) => state.remove);
  const change = useCallback((quantity: number) => setQuantity(line.id, quantity), [line.id, setQuantity]);
  const remove = useCallback(() => {
    analytics.remove(cartLineProduct(line));
    removeLine(line.id);
  }, [line, removeLine]);
  return { change, remove };
}

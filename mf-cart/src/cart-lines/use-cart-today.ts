import { useQuery } from '@apollo/client/react';
import { MAX_LINES } from '@shop/contracts/order';
import type { CartItem } from '@shop/mf-shared';
import { useCallback, useMemo } from 'react';
import { CartOffersDocument, type CartOffersQuery } from '../graphql/generated.ts';

/** A cart line as the shop sells it today. `price` and `name` are today's once the shop answered. */
export interface TodayLine extends CartItem {
  /** The price the line was put in the cart at, when today's differs. */
  was?: number;
  /** Free stock of this size, when the shop answered. */
  stock?: number;
  /** The shop answered and does not sell this size any more. */
  gone?: boolean;
}

export interface CartToday {
  lines: TodayLine[];
  /** The lines the totals count: a line the shop cannot sell (sold out, gone) is left out. */
  counted: TodayLine[];
  /** Asks the shop again (after an order was refused: a price may have moved meanwhile). */
  refresh(): void;
}

type Offer = CartOffersQuery['cartOffers'][number];

/** An id the shop could know: an offer's number, a positive 32-bit integer (a stored line may hold anything). */
function isOfferId(id: string): boolean {
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647;
}

/** The ids the shop is asked about: offers' numbers, each once, at most the API's 100. */
export function askedIds(items: CartItem[]): string[] {
  return [...new Set(items.map((i) => i.id).filter((id) => isOfferId(id)))].sort().slice(0, MAX_LINES * 2);
}

/**
 * The stored lines with the shop's answer applied: today's price and name, the stored price kept
 * as `was` when it changed, the free stock, and `gone` for a line the shop did not answer (or
 * whose id it could not know). Without an answer (still asked, or failed) the lines are as
 * stored; so is a line past the ids asked.
 */
export function todayLines(
  items: CartItem[],
  offers: readonly Offer[] | undefined,
  asked: readonly string[],
): TodayLine[] {
  if (!offers) return items;
  const byId = new Map(offers.map((o) => [o.id, o]));
  const askedSet = new Set(asked);
  return items.map((item) => {
    const offer = byId.get(item.id);
    if (!offer) return isOfferId(item.id) && !askedSet.has(item.id) ? item : { ...item, gone: true };
    return {
      ...item,
      price: offer.priceInRUB,
      name: offer.product?.name ?? item.name,
      stock: offer.stock,
      ...(offer.priceInRUB !== item.price ? { was: item.price } : {}),
    };
  });
}

/** A line the totals count: one the shop may still sell (its stock unknown, or some left). */
export function counts(line: TodayLine): boolean {
  return !line.gone && (line.stock === undefined || line.stock > 0);
}

/**
 * Each cart line's price, name and free stock as the shop has them now, asked of the API every
 * time the cart, the quick cart or the checkout shows (never from a cache: yesterday's price
 * must not make today's total). Until the answer comes, or when it fails, the stored lines show
 * and checkout has the last word.
 */
export function useCartToday(items: CartItem[]): CartToday {
  // the same ids (a quantity changed) ask nothing new
  const ids = useMemo(() => askedIds(items), [items]);
  const { data, refetch } = useQuery(CartOffersDocument, {
    variables: { ids },
    skip: ids.length === 0,
    fetchPolicy: 'network-only',
  });
  const offers = data?.cartOffers;
  const refresh = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  return useMemo(() => {
    const lines = todayLines(items, offers, ids);
    return { lines, counted: lines.filter(counts), refresh };
  }, [items, offers, ids, refresh]);
}

/** What the shopper reads under a line that asks for more than is left; null when it fits or is not known. */
export function stockNote(line: TodayLine): string | null {
  if (line.gone) return 'Этот товар больше не продаётся: удалите его из корзины.';
  const { stock, quantity } = line;
  if (stock === undefined) return null;
  if (stock <= 0) return 'Этот размер закончился: удалите его из корзины.';
  if (quantity > stock) return `В наличии только ${stock} шт.: уменьшите количество.`;
  return null;
}

/** The stepper's upper bound: the free stock when known and positive, else none (99). */
export function stockLimit(stock: number | undefined): number | undefined {
  return stock !== undefined && stock > 0 ? stock : undefined;
}

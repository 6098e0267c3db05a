import { useQuery } from '@apollo/client/react';
import type { DeliveryMethod } from '@shop/contracts/order';
import { useDebounce } from 'use-debounce';
import { AddressSuggestionsDocument, DeliveryOptionsDocument, type DeliveryOptionsQuery } from '../graphql/generated.ts';

export type DeliveryOptions = DeliveryOptionsQuery['deliveryOptions'];
export type DeliveryTerm = DeliveryOptions['terms'][number];

/**
 * Each method's term to the city being typed (asked once the typing pauses), and СДЭК's city when
 * its pickup points can be listed. Null until a city of two letters or more has an answer; a
 * failed request leaves the checkout as it was without terms (the order never waits on it).
 */
export function useDeliveryOptions(city: string): DeliveryOptions | null {
  const [typed] = useDebounce(city.trim(), 400);
  const { data } = useQuery(DeliveryOptionsDocument, { variables: { city: typed }, skip: typed.length < 2 });
  return typed.length < 2 ? null : (data?.deliveryOptions ?? null);
}

export function termOf(options: DeliveryOptions | null, method: DeliveryMethod | ''): DeliveryTerm | null {
  return options?.terms.find((t) => t.method === method) ?? null;
}

/**
 * Suggestions for the city field (CITY) or the address within `city` (ADDRESS) as the shopper
 * types, for the field's <datalist>: the browser's own list, which keyboards and screen readers
 * know. The last answer stays while the next one is asked.
 */
export function useAddressSuggestions(kind: 'CITY' | 'ADDRESS', typed: string, city = ''): string[] {
  const [query] = useDebounce(typed.trim(), 250);
  const skip = query.length < 2 || (kind === 'ADDRESS' && city.trim().length < 2);
  const { data, previousData } = useQuery(AddressSuggestionsDocument, { variables: { kind, query, city: city.trim() }, skip });
  if (skip) return [];
  return [...new Set((data ?? previousData)?.addressSuggestions.map((s) => s.value) ?? [])];
}

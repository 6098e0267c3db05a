import { useQuery } from '@apollo/client/react';
import type { DeliveryMethod } from '@shop/contracts/order';
import { useDebounce } from 'use-debounce';
import { DeliveryOptionsDocument, type DeliveryOptionsQuery } from '../graphql/generated.ts';

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

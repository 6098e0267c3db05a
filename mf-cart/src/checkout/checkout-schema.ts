import { checkoutFieldsSchema } from '@shop/contracts/order';
import type * as z from 'zod/mini';
import type { CheckoutValues } from './checkout-values.ts';

/*
 * The checkout form's rules are the API's own (@shop/contracts/order, which createOrder
 * validates with too): the shopper sees the same Russian message beside the field before
 * anything is sent; the API stays the authority. react-hook-form shows each field's first issue.
 */
export const checkoutSchema = checkoutFieldsSchema satisfies z.core.$ZodType<CheckoutValues, CheckoutValues>;

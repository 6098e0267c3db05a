import { useApolloClient, useMutation } from '@apollo/client/react';
import { messageFor } from '@shop/contracts/errors';
import { type CartItem, useCart } from '@shop/mf-shared';
import { useCallback, useRef, useState } from 'react';
import { CreateOrderDocument } from '../graphql/generated.ts';
import { paymentLink } from '../order/payment-link.ts';
import { clearDraft } from './checkout-draft.ts';
import type { CheckoutValues } from './checkout-values.ts';
import { CONSENT_VERSION } from './consent-text.ts';
import { forgetOrderKey, orderKey } from './idempotency-key.ts';
import { type OrderProblems, orderProblems } from './order-problems.ts';

export type PlaceOrderState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'rejected'; problems: OrderProblems }
  /** Not sent or no answer: the cart is intact and the same idempotency key is used again. */
  | { kind: 'failed'; message: string }
  /** The order exists (the cart is cleared); only the payment link is missing. */
  | { kind: 'paymentFailed'; order: { id: string; ordernumber: string; accessKey: string }; message: string }
  | { kind: 'redirecting' };

/**
 * Places the order: createOrder with the session's idempotency key, then startPayment, then
 * off to the payment page (ЮKassa's is another origin: window.location.assign). Until the API confirms the order the cart stays as it is.
 */
export function usePlaceOrder() {
  const client = useApolloClient();
  // orders are never kept in the page's cache
  const [createOrder] = useMutation(CreateOrderDocument, { fetchPolicy: 'no-cache' });
  const clear = useCart((state) => state.clear);
  const [state, setState] = useState<PlaceOrderState>({ kind: 'idle' });
  const busy = useRef(false);

  const pay = useCallback(
    async (order: { id: string; ordernumber: string; accessKey: string }) => {
      try {
        const link = await paymentLink(client, order.id, order.accessKey);
        setState({ kind: 'redirecting' });
        window.location.assign(link);
      } catch (error) {
        setState({ kind: 'paymentFailed', order, message: messageFor(error, 'openPayment').text });
      }
    },
    [client],
  );

  const place = useCallback(
    async (values: CheckoutValues, items: CartItem[]) => {
      // A double click (or Enter pressed twice) sends one request; the key covers the rest.
      if (busy.current) return;
      busy.current = true;
      setState({ kind: 'sending' });
      const sent = items.map((line) => ({ ...line }));
      try {
        const { data } = await createOrder({
          variables: {
            input: {
              idempotencyKey: orderKey(),
              orderData: {
                fullName: values.fullName.trim(),
                phone: values.phone,
                email: values.email.trim(),
                city: values.city.trim(),
                address: values.address.trim(),
                deliveryMethod: values.deliveryMethod || 'COURIER',
                pickupPointCode: values.deliveryMethod === 'CDEK_PICKUP' && values.pickupPointCode ? values.pickupPointCode : null,
                comment: values.comment.trim() || null,
                personalDataConsent: values.personalDataConsent,
                consentVersion: CONSENT_VERSION,
              },
              items: sent.map((line) => ({ offerId: line.id, quantity: line.quantity, price: line.price })),
            },
          },
        });
        const result = data?.createOrder;
        // the server answered, without a result: its failure, not the shopper's connection
        if (!result) throw 'INTERNAL_SERVER_ERROR';
        if (!result.success || !result.order) {
          // The key already placed an order with other content (its answer was lost, then the cart
          // or the details changed): the API refuses it; the next submit is a new order, new key.
          if (result.errors.some((e) => e.code === 'IDEMPOTENCY_KEY_REUSED')) forgetOrderKey();
          setState({ kind: 'rejected', problems: orderProblems(result.errors, sent) });
          return;
        }
        forgetOrderKey();
        clear();
        clearDraft();
        await pay(result.order);
      } catch (error) {
        // Offline, the shop down for a minute, too many orders, a bug: each in its own words
        // (@shop/contracts/errors). The order key is kept either way: a retry cannot double the order.
        setState({ kind: 'failed', message: messageFor(error, 'sendOrder').text });
      } finally {
        busy.current = false;
      }
    },
    [createOrder, clear, pay],
  );

  return { state, place, pay };
}

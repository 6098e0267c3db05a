// Guards the checkout's handling of IDEMPOTENCY_KEY_REUSED: the key that already placed an order
// with other content is dropped, so the shopper's next submit is a new order instead of the
// same refusal forever; any other rejection keeps the key (a retry must not double an order).
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { of, throwError } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_DRAFT_KEY } from './checkout-draft.ts';
import type { CheckoutValues } from './checkout-values.ts';
import { ORDER_KEY_STORAGE } from './idempotency-key.ts';
import { usePlaceOrder } from './use-place-order.ts';

const values = {
  fullName: 'Иванов Иван',
  phone: '+7 (912) 345-67-89',
  email: 'ivan@example.ru',
  city: 'Казань',
  address: 'ул. Баумана, д. 1',
  deliveryMethod: 'COURIER',
  comment: '',
  personalDataConsent: true,
} as CheckoutValues;
const items = [{ id: '11', quantity: 1, price: 1000 }] as never;

function placeWith(code: string) {
  const sentKeys: string[] = [];
  const link = new ApolloLink((operation) => {
    sentKeys.push(operation.variables.input.idempotencyKey);
    return of({
      data: {
        createOrder: {
          __typename: 'CreateOrderResult',
          success: false,
          order: null,
          errors: [{ __typename: 'OrderError', field: 'idempotencyKey', line: null, code, message: 'Заказ с этим ключом уже оформлен', price: null, available: null }],
        },
      },
    });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
  return { sentKeys, hook: renderHook(() => usePlaceOrder(), { wrapper }) };
}

describe('usePlaceOrder', () => {
  afterEach(() => sessionStorage.clear());

  it('drops the key after IDEMPOTENCY_KEY_REUSED: the next submit sends a new one', async () => {
    const { sentKeys, hook } = placeWith('IDEMPOTENCY_KEY_REUSED');
    await act(() => hook.result.current.place(values, items));
    expect(hook.result.current.state).toMatchObject({ kind: 'rejected', problems: { general: ['Заказ с этим ключом уже оформлен'] } });
    expect(sessionStorage.getItem(ORDER_KEY_STORAGE)).toBeNull();
    await act(() => hook.result.current.place(values, items));
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[1]).not.toBe(sentKeys[0]);
  });

  it('keeps the key, and what the shopper typed, after other rejections', async () => {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ fullName: values.fullName }));
    const { sentKeys, hook } = placeWith('PRICE_CHANGED');
    await act(() => hook.result.current.place(values, items));
    await act(() => hook.result.current.place(values, items));
    expect(sentKeys[1]).toBe(sentKeys[0]);
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toContain(values.fullName);
  });

  it('says why an order did not go: the connection, or the shop down for a minute — never one for the other', async () => {
    const failWith = (answer: Error | ApolloLink.Result) => {
      const link = new ApolloLink(() => (answer instanceof Error ? throwError(() => answer) : of(answer)));
      const client = new ApolloClient({ link, cache: new InMemoryCache() });
      const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
      return renderHook(() => usePlaceOrder(), { wrapper });
    };
    const offline = failWith(new TypeError('Failed to fetch'));
    await act(() => offline.result.current.place(values, items));
    expect(offline.result.current.state).toEqual({ kind: 'failed', message: 'Не удалось отправить заказ. Проверьте соединение и попробуйте ещё раз.' });
    const down = failWith({ data: null, errors: [{ message: 'Сервис временно недоступен', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    await act(() => down.result.current.place(values, items));
    expect(down.result.current.state).toEqual({ kind: 'failed', message: 'Не удалось отправить заказ: магазин временно недоступен. Попробуйте ещё раз через минуту.' });
  });
});

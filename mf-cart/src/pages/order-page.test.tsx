// Guards what the shopper reads on the order page in each status: until when an unpaid order
// holds its units, that a cancelled order needs no payment (catalogue instead of «Оплатить»),
// the delivery method chosen, and «Заказ не найден» with where the right link is.
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NEVER, of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatHoldUntil, orderSummary } from '../order/order-view.ts';
import OrderPage from './order-page.tsx';

// the remote's release report needs the build's version constant; nothing of it is under test here
vi.mock('../report.ts', () => ({}));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const order = (over: Record<string, unknown> = {}) => ({
  __typename: 'Order',
  id: '7',
  ordernumber: 'SH-ABCDE',
  orderdate: '2026-11-23T18:00:00.000Z',
  totalPrice: 24990,
  status: 'NEW',
  reservedUntil: '2026-11-23T18:30:00.000Z',
  deliveryMethod: 'CDEK_PICKUP',
  payment: null,
  tracking: null,
  delivery: null,
  returnOpen: false,
  returnUntil: null,
  returns: [],
  city: 'Казань',
  address: 'ул. Баумана, д. 1',
  lines: [
    { __typename: 'OrderLine', offerId: '25', returnable: 1, productId: '5', name: 'Nike Dunk Low', sku: 'DD1391-100-40', size: '40', price: 24990, quantity: 1, total: 24990, product: null },
  ],
  ...over,
});

function show(answer: unknown, url = '/order/SH-ABCDE?key=k') {
  const asked: Record<string, unknown>[] = [];
  const link = new ApolloLink((operation) => {
    asked.push(operation.variables);
    return of({ data: { order: answer } });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <OrderPage id="SH-ABCDE" />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return asked;
}

describe('order page', () => {
  it('says until when an unpaid order holds its units, and offers to pay', async () => {
    show(order());
    expect(await screen.findByRole('heading', { name: 'Заказ №SH-ABCDE оформлен' })).toBeTruthy();
    expect(screen.getByText(/Товары закреплены за вами до 21:30( 23 ноября)? \(по Москве\)/)).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Ожидает оплаты');
    expect(screen.getByRole('button', { name: 'Оплатить заказ' })).toBeTruthy();
    expect(screen.getByTestId('order-delivery').textContent).toContain('Пункт выдачи СДЭК');
    expect(screen.getByRole('link', { name: 'Как вернуть или обменять товар' }).getAttribute('href')).toBe('/vozvrat-i-obmen');
  });

  it('says a cancelled payment took no money and offers to pay again', async () => {
    show(order({ payment: { __typename: 'OrderPayment', status: 'CANCELED' } }));
    expect(await screen.findByText(/Оплата не прошла или была отменена, деньги не списаны/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оплатить заказ' })).toBeTruthy();
  });

  it('shows a cancelled order as cancelled: units back, no payment, the catalogue instead', async () => {
    show(order({ status: 'CANCELLED', reservedUntil: null }));
    expect(await screen.findByRole('heading', { name: 'Заказ №SH-ABCDE отменён' })).toBeTruthy();
    expect(screen.getByText(/платить за него не нужно\. Товары из него вернулись в продажу/)).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Отменён');
    expect(screen.queryByRole('button', { name: 'Оплатить заказ' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Перейти в каталог' }).getAttribute('href')).toBe('/search');
  });

  it.each([
    ['PAID', 'Оплачен', 'Заказ №SH-ABCDE оформлен'],
    ['ASSEMBLED', 'Собран', 'Заказ №SH-ABCDE оформлен'],
    ['SHIPPED', 'Отправлен', 'Заказ №SH-ABCDE отправлен'],
    ['DELIVERED', 'Доставлен', 'Заказ №SH-ABCDE доставлен'],
  ])('shows %s with its title and no payment button', async (status, title, heading) => {
    show(order({ status, reservedUntil: null, deliveryMethod: 'RUSSIAN_POST' }));
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe(title);
    expect(screen.queryByRole('button', { name: 'Оплатить заказ' })).toBeNull();
    expect(screen.getByTestId('order-delivery').textContent).toContain('Почта России');
  });

  it('gives a shipped order’s tracking number and the carrier’s page, and says nothing of one before', async () => {
    const url = 'https://www.cdek.ru/ru/tracking/?order_id=1234567890';
    show(order({ status: 'SHIPPED', reservedUntil: null, tracking: { __typename: 'OrderTracking', number: '1234567890', url } }));
    expect((await screen.findByTestId('order-tracking')).textContent).toContain('Трек-номер посылки: 1234567890');
    const follow = screen.getByRole('link', { name: 'Отследить посылку' });
    expect(follow.getAttribute('href')).toBe(url);
    expect(follow.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();
    show(order({ status: 'PAID', reservedUntil: null }));
    await screen.findByTestId('order-status');
    expect(screen.queryByTestId('order-tracking')).toBeNull();
  });

  it('answers a wrong key with «Заказ не найден» and where the right link is', async () => {
    const asked = show(null, '/order/SH-ABCDE?key=wrong');
    expect(await screen.findByRole('heading', { name: 'Заказ не найден' })).toBeTruthy();
    expect(screen.getByText(/по ссылке из письма/)).toBeTruthy();
    expect(asked).toEqual([{ number: 'SH-ABCDE', key: 'wrong' }]);
  });

  it('is busy (aria-busy) while the order loads, and not once it is in', async () => {
    const client = new ApolloClient({ link: new ApolloLink(() => NEVER), cache: new InMemoryCache() });
    const { container } = render(
      <ApolloProvider client={client}>
        <MemoryRouter initialEntries={['/order/SH-ABCDE?key=k']}>
          <OrderPage id="SH-ABCDE" />
        </MemoryRouter>
      </ApolloProvider>,
    );
    expect(container.querySelector('section[aria-busy="true"] [role="status"]')).not.toBeNull();
    cleanup();
    show(null, '/order/SH-ABCDE?key=wrong');
    expect(await screen.findByRole('heading', { name: 'Заказ не найден' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('does not ask the API without a key', async () => {
    const asked = show(order(), '/order/SH-ABCDE');
    expect(await screen.findByRole('heading', { name: 'Заказ не найден' })).toBeTruthy();
    expect(asked).toEqual([]);
  });
});

describe('order summary', () => {
  it('names the hold time alone when it ends today in Moscow, with the date otherwise', () => {
    expect(formatHoldUntil('2026-11-23T18:30:00.000Z', new Date('2026-11-23T18:05:00.000Z'))).toBe('до 21:30');
    expect(formatHoldUntil('2026-11-23T21:10:00.000Z', new Date('2026-11-23T20:50:00.000Z'))).toBe('до 00:10 24 ноября');
    expect(formatHoldUntil(null)).toBeNull();
    expect(formatHoldUntil('nope')).toBeNull();
  });

  it('falls back to the plain waiting text when the API gives no hold time', () => {
    expect(orderSummary({ ordernumber: 'SH-ABCDE', status: 'NEW', reservedUntil: null, deliveryMethod: 'COURIER' }).lead).toBe(
      'Заказ ждёт оплаты: как только он будет оплачен, мы начнём собирать посылку.',
    );
  });
});

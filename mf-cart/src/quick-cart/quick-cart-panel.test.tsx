import { ApolloProvider } from '@apollo/client/react';
import { useCart } from '@shop/mf-shared';
import { HOODIE, testClient } from '@shop/mf-shared/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuickCartPanel } from './quick-cart-panel.tsx';

const hoodie = HOODIE;

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: [], panelOpen: false, lastAdded: null });
});
afterEach(cleanup);

/** The panel with an API that answers `answers` (by operation), or never (the stored lines show). */
function renderPanel(answers?: Record<string, unknown>) {
  return render(
    <ApolloProvider client={testClient(answers ? { answers } : {})}>
      <MemoryRouter>
        <QuickCartPanel />
      </MemoryRouter>
    </ApolloProvider>,
  );
}

describe('quick-cart panel', () => {
  it('opens from the store, shows the lines and the total, and closes with «Закрыть»', () => {
    renderPanel();
    const dialog = screen.getByTestId('quick-cart') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    act(() => {
      useCart.getState().add(hoodie);
      useCart.getState().add(hoodie);
      useCart.getState().showPanel();
    });
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('Худи Carhartt');
    expect(dialog.textContent).toContain('Размер: M');
    expect(screen.getByTestId('quick-cart-total').textContent).toBe('17\u00a0980\u00a0₽');
    expect(dialog.textContent).toContain('Итого: 2 товара');
    expect(screen.getByRole('link', { name: 'Перейти в корзину' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Оформить заказ' }).getAttribute('href')).toBe('/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(useCart.getState().panelOpen).toBe(false);
    expect(dialog.open).toBe(false);
  });

  it('toggles with the store and says so when the last line is removed', () => {
    renderPanel();
    const dialog = screen.getByTestId('quick-cart') as HTMLDialogElement;
    act(() => {
      useCart.getState().add(hoodie);
      useCart.getState().togglePanel();
    });
    expect(dialog.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Худи Carhartt, размер M' }));
    expect(dialog.textContent).toContain('В корзине пока пусто.');
    act(() => useCart.getState().togglePanel());
    expect(dialog.open).toBe(false);
  });

  it('shows today’s price and total once the shop answers, the stored price struck through', async () => {
    const line = { ...hoodie, id: '102' };
    renderPanel({
      CartOffers: {
        cartOffers: [
          {
            __typename: 'Offer',
            id: '102',
            priceInRUB: 9490,
            stock: 3,
            product: { __typename: 'Product', id: 'p-h', name: 'Худи Carhartt WIP' },
          },
        ],
      },
    });
    act(() => {
      useCart.getState().add(line);
      useCart.getState().add(line);
      useCart.getState().showPanel();
    });
    await waitFor(() => expect(screen.getByTestId('quick-cart-total').textContent).toBe('18\u00a0980\u00a0₽'));
    expect(screen.getByTestId('price-changed').textContent).toBe(
      'Цена изменилась: было 8\u00a0990\u00a0₽, теперь 9\u00a0490\u00a0₽',
    );
    expect(screen.getByTestId('quick-cart').textContent).toContain('Худи Carhartt WIP');
  });
});

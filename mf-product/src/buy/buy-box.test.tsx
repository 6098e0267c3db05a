import { formatPrice } from '@shop/contracts/format';
import { useCart } from '@shop/mf-shared';
import { cleanup, fireEvent, render as renderAlone, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { offer, PRODUCT } from '../product/product.fixtures.ts';
import { BuyBox } from './buy-box.tsx';

/** The buy box on a page (its «Возврат» link needs the router). */
const render = (ui: ReactElement) => renderAlone(ui, { wrapper: MemoryRouter });

const product = PRODUCT;

beforeEach(() => {
  useCart.setState({ items: [], lastAdded: null });
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(cleanup);

describe('BuyBox', () => {
  it('lists sizes in size order, each in stock with its price, and shows «от» the lowest price until one is chosen', () => {
    render(
      <BuyBox
        product={{
          ...product,
          offers: [
            offer('569', 'L', 10990),
            offer('568', 'XL', 9990),
            offer('566', 'XS', 9990),
            offer('567', 'S', 9990, true),
          ],
        }}
      />,
    );
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['XS', 'S', 'L', 'XL']);
    const described = (size: string) => screen.getByRole('radio', { name: size }).getAttribute('aria-describedby');
    const description = (size: string) => document.getElementById(described(size) ?? '')?.textContent;
    expect(description('L')).toBe(formatPrice(10990));
    expect(description('XS')).toBe(`${formatPrice(9990)} дешевле всего`);
    expect(description('XL')).toBe(`${formatPrice(9990)} дешевле всего`);
    expect(described('S')).toBe('size-sold-out');
    expect(screen.getByText('Цена зависит от размера')).toBeTruthy();
    expect(screen.getByTestId('product-price').textContent).toBe(`от ${formatPrice(9990)}`);
    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    expect(screen.getByTestId('product-price').textContent).toBe(formatPrice(10990));
  });

  it('shows no per-size prices when every size in stock costs the same', () => {
    render(
      <BuyBox
        product={{
          ...product,
          offers: [offer('569', 'L', 9990), offer('566', 'XS', 9990), offer('567', 'S', 12990, true)],
        }}
      />,
    );
    expect(screen.queryByText('Цена зависит от размера')).toBeNull();
    expect(screen.queryByText(/дешевле всего/)).toBeNull();
    expect(screen.getByRole('radio', { name: 'L' }).closest('label')?.textContent).toBe('L');
  });

  it('asks for a size instead of adding without one', () => {
    render(<BuyBox product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    expect(screen.getByRole('alert').textContent).toBe('Выберите размер');
    expect(useCart.getState().items).toEqual([]);
  });

  it('says «Нет в наличии» outside the price style when no size is left, and cannot add', () => {
    render(
      <BuyBox product={{ ...product, offers: [offer('569', 'L', 10990, true), offer('566', 'XS', 9990, true)] }} />,
    );
    const price = screen.getByTestId('product-price');
    expect(price.textContent).toBe('Нет в наличии');
    expect(price.className).toMatch(/soldOut/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'В корзину' }).disabled).toBe(true);
  });

  it('keeps a sold-out size out of reach', () => {
    render(<BuyBox product={product} />);
    const soldOut = screen.getByRole('radio', { name: 'S' }) as HTMLInputElement;
    expect(soldOut.disabled).toBe(true);
    fireEvent.click(soldOut);
    expect(screen.getByTestId('product-price').textContent).toBe(`от ${formatPrice(9990)}`);
  });

  it('adds the chosen size to the shared cart and reports to_cart', () => {
    render(<BuyBox product={product} />);
    fireEvent.click(screen.getByRole('radio', { name: 'XS' }));
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useCart.getState().items).toEqual([
      {
        id: '566',
        productId: '115',
        modelId: '57',
        sku: 'NF-XS',
        name: 'Футболка The North Face Simple Dome',
        price: 9990,
        brand: { name: 'The North Face' },
        mainCategory: { name: 'Футболки' },
        size: 'XS',
        image: '/api/images/tee.svg',
        webPath: '/product/tnf-white',
        quantity: 1,
      },
    ]);
    expect(useCart.getState().lastAdded?.item.id).toBe('566');
    const layer = (window as unknown as { dataLayer: { ecommerce: { add?: { products: { id: string }[] } } }[] })
      .dataLayer;
    expect(layer.map((e) => e.ecommerce.add?.products[0]?.id)).toEqual(['115']);
  });
});

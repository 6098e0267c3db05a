import type { ProductCardData } from '@shop/contracts/remotes';
import { useFavourites } from '@shop/mf-shared';
import { cleanup, fireEvent, getDefaultNormalizer, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductCard } from './product-card.tsx';

const dunk: ProductCardData = {
  id: '5',
  productId: '5',
  modelId: '3',
  name: 'Кроссовки Nike Dunk Low',
  sku: 'DV9504-286',
  webPath: '/product/nike-dunk-low-light-blue-dv9504-286',
  photo: { fullpath: '/api/images/dunk.svg', width: 800, height: 800 },
  priceInRUB: null,
  minPriceInRUB: 12990,
  brand: { name: 'Nike' },
  mainCategory: { name: 'Кроссовки' },
  variants: [
    { id: '4', name: 'Кроссовки Nike Dunk Low', color: 'white', colorName: 'белый', webPath: '/product/white' },
    {
      id: '5',
      name: 'Кроссовки Nike Dunk Low',
      color: 'light-blue',
      colorName: 'голубой',
      webPath: '/product/light-blue',
    },
  ],
};

// Prices use no-break spaces: keep them when matching.
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const renderCard = (product: ProductCardData, priority = false) =>
  render(
    <MemoryRouter>
      <ProductCard product={product} priority={priority} />
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.clear();
  useFavourites.setState({ ids: [] });
});
afterEach(cleanup);

describe('product card', () => {
  it('links to the product and shows brand, name and photo with its size', () => {
    renderCard(dunk);
    const link = screen.getByRole('link', { name: 'Nike Кроссовки Nike Dunk Low' });
    expect(link.getAttribute('href')).toBe(dunk.webPath);
    const photo = link.querySelector('img');
    expect(photo?.getAttribute('width')).toBe('800');
    expect(photo?.getAttribute('height')).toBe('800');
    expect(photo?.getAttribute('loading')).toBe('lazy');
  });

  it('says «от» when the sizes cost differently, and one price otherwise', () => {
    renderCard(dunk);
    expect(screen.getByText('от 12\u00a0990\u00a0₽', exact)).toBeTruthy();
    cleanup();
    renderCard({ ...dunk, priceInRUB: 15990, minPriceInRUB: 15990 });
    expect(screen.getByText('15\u00a0990\u00a0₽', exact)).toBeTruthy();
  });

  // A sold-out product in a price-sorted list says so on its card.
  it('says «Нет в наличии» on a sold-out product, and nothing of the kind otherwise', () => {
    renderCard({ ...dunk, inStock: false, priceInRUB: 23990, minPriceInRUB: 23990 });
    const card = screen.getByTestId('product-card');
    expect(card.textContent).toContain('Нет в наличии');
    expect(screen.getByText('23\u00a0990\u00a0₽', exact)).toBeTruthy();
    cleanup();
    renderCard(dunk);
    expect(screen.getByTestId('product-card').textContent).not.toContain('Нет в наличии');
  });

  it('shows a colour dot per variant, the current one marked', () => {
    renderCard(dunk);
    expect(screen.getByRole('link', { name: 'Цвет: белый' }).getAttribute('href')).toBe('/product/white');
    expect(screen.getByRole('link', { name: 'Цвет: голубой' }).hasAttribute('data-current')).toBe(true);
  });

  it('draws at most four swatches and says how many colours are left, linking to the product', () => {
    const colours = ['white', 'black', 'grey', 'beige'].map((color, i) => ({ id: String(10 + i), color, colorName: color, webPath: `/product/${color}` }));
    renderCard({ ...dunk, productId: '10', variants: colours, variantCount: 9 });
    expect(screen.getAllByRole('link', { name: /^Цвет: / })).toHaveLength(4);
    const more = screen.getByRole('link', { name: 'Ещё 5 цветов' });
    expect(more.textContent).toBe('+5');
    expect(more.getAttribute('href')).toBe(dunk.webPath);
    cleanup();
    // a longer list than a card draws (a caller that did not ask for a limit): cut, and counted
    renderCard({ ...dunk, variants: [...colours, { id: '5', color: 'red', colorName: 'красный', webPath: '/product/red' }] });
    expect(screen.getAllByRole('link', { name: /^Цвет: / })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Ещё 1 цвет' }).textContent).toBe('+1');
    cleanup();
    renderCard(dunk);
    expect(screen.queryByRole('link', { name: /^Ещё/ })).toBeNull();
  });

  it('the heart adds to and removes from «Избранное»', () => {
    renderCard(dunk);
    fireEvent.click(screen.getByRole('button', { name: 'В избранное: Кроссовки Nike Dunk Low' }));
    expect(useFavourites.getState().ids).toEqual(['5']);
    const liked = screen.getByRole('button', { name: 'Убрать из избранного: Кроссовки Nike Dunk Low' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(liked);
    expect(useFavourites.getState().ids).toEqual([]);
  });

  it('the first cards of a page load eagerly', () => {
    renderCard(dunk, true);
    expect(screen.getByRole('link', { name: /Dunk/ }).querySelector('img')?.getAttribute('loading')).toBe('eager');
  });
});

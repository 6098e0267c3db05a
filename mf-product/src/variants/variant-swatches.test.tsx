// A colour whose sizes are all sold out shows it on its swatch.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { VariantData } from '../product/product-data.ts';
import { VariantSwatches } from './variant-swatches.tsx';

const variant = (id: string, colorName: string, inStock: boolean) =>
  ({ __typename: 'Variant', id, name: 'Кроссовки Nike Dunk Low', color: id, colorName, webPath: `/product/${id}`, inStock, thumbnail: null }) as VariantData;

afterEach(cleanup);

describe('colour swatches', () => {
  it('say «нет в наличии» of a colour with no size in stock, and nothing of the others', () => {
    render(
      <MemoryRouter>
        <VariantSwatches variants={[variant('white', 'белый', true), variant('green', 'зелёный', false)]} currentId="white" colorName="белый" />
      </MemoryRouter>,
    );
    const green = screen.getByRole('link', { name: 'Цвет: зелёный, нет в наличии' });
    expect(green.getAttribute('title')).toBe('зелёный, нет в наличии');
    expect(green.className).toMatch(/soldOut/);
    const white = screen.getByRole('link', { name: 'Цвет: белый' });
    expect(white.className).not.toMatch(/soldOut/);
  });
});

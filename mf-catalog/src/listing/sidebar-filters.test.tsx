import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FiltersProps } from './desktop-filters.tsx';
import { SidebarFilters } from './sidebar-filters.tsx';
import { LISTING_SCHEME, type ListingState, parseListingState } from './url-state.ts';

const size = {
  id: '1',
  name: 'size',
  title: 'Размер',
  options: [
    { id: '41', label: '41', count: 3 },
    { id: '42', label: '42', count: 5 },
  ],
};
const brands = [
  { id: '7', label: 'Nike', count: 12 },
  { id: '8', label: 'Puma', count: 0 },
];

function renderSidebar(query = '', props: Partial<FiltersProps> = {}) {
  const apply = vi.fn<(next: ListingState) => void>();
  render(
    <MemoryRouter>
      <SidebarFilters
        state={parseListingState(new URLSearchParams(query), LISTING_SCHEME)}
        brands={brands}
        categories={[]}
        properties={[size]}
        bounds={{ min: 3000, max: 40000 }}
        sortSet="standart"
        propertyKey={(p) => p.id}
        apply={apply}
        resetHref="?"
        {...props}
      />
    </MemoryRouter>,
  );
  return apply;
}

afterEach(cleanup);

describe('the sidebar filters', () => {
  it('has a labelled group per section: brand, each property, price and a sort radio group', () => {
    renderSidebar();
    const sidebar = screen.getByRole('complementary', { name: 'Фильтры' });
    for (const name of ['Бренд', 'Размер', 'Цена', 'Сортировка']) expect(within(sidebar).getByRole('group', { name })).toBeTruthy();
    const sort = within(sidebar).getByRole('group', { name: 'Сортировка' });
    expect(within(sort).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'По новинкам',
      'По возрастанию цены',
      'По убыванию цены',
    ]);
    expect(within(sort).getByRole<HTMLInputElement>('radio', { name: 'По новинкам' }).checked).toBe(true);
  });

  it('a listing over several categories has a «Категория» section that applies at once', () => {
    const apply = renderSidebar('brand=7', {
      categories: [
        { id: '3', label: 'Кеды', count: 4 },
        { id: '2', label: 'Кроссовки', count: 9 },
      ],
    });
    const group = screen.getByRole('group', { name: 'Категория' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Кроссовки 9' }));
    expect(apply.mock.calls[0]?.[0]).toMatchObject({ categories: ['2'], brands: ['7'], page: 1 });
  });

  it('a brand page (no brand list) has no «Бренд» section', () => {
    renderSidebar('', { brands: [] });
    expect(screen.queryByRole('group', { name: 'Бренд' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Размер' })).toBeTruthy();
  });

  it('a ticked box applies at once, from the first page, with the facet counts shown', () => {
    const apply = renderSidebar('f1=42&page=3');
    const nike = screen.getByRole('checkbox', { name: 'Nike 12' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Puma 0' }).disabled).toBe(true);
    fireEvent.click(nike);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]?.[0]).toMatchObject({ brands: ['7'], properties: { '1': ['42'] }, page: 1 });
    fireEvent.click(screen.getByRole('checkbox', { name: '41 3' }));
    expect(apply.mock.calls[1]?.[0]).toMatchObject({ brands: [], properties: { '1': ['42', '41'] }, page: 1 });
  });

  it('each narrowing section has its own «Сбросить», applied at once', () => {
    const apply = renderSidebar('brand=7&f1=42&priceFrom=5000&priceTo=9000&sort=priceup');
    expect(screen.getAllByRole('button', { name: /^Сбросить/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Сбросить: Бренд',
      'Сбросить: Размер',
      'Сбросить: Цена',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить: Размер' }));
    expect(apply.mock.calls[0]?.[0]).toMatchObject({ brands: ['7'], properties: {}, priceFrom: 5000, sort: 'PRICEUP' });
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить: Цена' }));
    expect(apply.mock.calls[1]?.[0]).toMatchObject({ brands: ['7'], priceFrom: null, priceTo: null });
  });

  it('nothing to reset: no section resets and no «Сбросить все фильтры»', () => {
    renderSidebar();
    expect(screen.queryByRole('button', { name: /^Сбросить/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Сбросить все фильтры' })).toBeNull();
  });

  it('«Сбросить все фильтры» is a link to the bare path, also when only the sort is set', () => {
    renderSidebar('sort=pricedown');
    expect(screen.getByRole('link', { name: 'Сбросить все фильтры' }).getAttribute('href')).toBe('/');
  });

  it('choosing a sort applies it', () => {
    const apply = renderSidebar('brand=7&page=2');
    fireEvent.click(screen.getByRole('radio', { name: 'По возрастанию цены' }));
    expect(apply.mock.calls[0]?.[0]).toMatchObject({ sort: 'PRICEUP', brands: ['7'], page: 1 });
  });

  it('a price handle moved from the keyboard applies the range', async () => {
    await import('./price-slider.tsx'); // the lazy slider's module, loaded before it is asked for
    const apply = renderSidebar();
    const lower = await screen.findByRole('slider', { name: 'Цена от' }, { timeout: 5000 });
    fireEvent.keyDown(lower, { key: 'End' });
    expect(apply.mock.calls[0]?.[0]).toMatchObject({ priceFrom: 40000, priceTo: 40000, page: 1 });
  });
});

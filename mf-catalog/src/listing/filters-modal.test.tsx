// The mobile «Фильтры» modal must not keep the counts of the page it was opened on («Ботинки»
// then «Vans 8» would lead to «0 товаров»). It asks productFilters again with the pending
// selection; these tests answer as the API would and check what the shopper can still tick.
import { ApolloProvider } from '@apollo/client/react';
import { formatCount, GOODS } from '@shop/contracts/format';
import { createApolloClient } from '@shop/mf-shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FiltersModal } from './filters-modal.tsx';
import { LISTING_SCHEME, parseListingState } from './url-state.ts';

type Filter = { brandIds?: string[]; categoryIds?: string[] };
const brand = (id: string, name: string, count: number, selected = false) => ({ __typename: 'BrandFacet', id, name, count, selected });
const category = (id: string, name: string, count: number, selected = false) => ({ __typename: 'CategoryFacet', id, parentId: '1', name, count, selected });

/** The API's counts for /catalog/obuv: Vans makes Кеды only; Dr. Martens makes Ботинки only. */
function answer(filter: Filter) {
  const boots = filter.categoryIds?.includes('4');
  const vans = filter.brandIds?.includes('8');
  const martens = filter.brandIds?.includes('9');
  const total = boots && vans && !martens ? 0 : boots ? 5 : vans ? 8 : 34;
  return {
    __typename: 'ProductFilters',
    totalCount: total,
    minPriceInRUBFrom: 5990,
    minPriceInRUBTo: 40990,
    brands: [...(boots ? [] : [brand('8', 'Vans', 8, vans)]), brand('9', 'Dr. Martens', 5, martens)],
    categories: [...(vans ? [] : [category('4', 'Ботинки', 5, boots)]), category('3', 'Кеды', vans ? 8 : 29)],
    properties: [],
  };
}

function renderModal() {
  const asked: Filter[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const { variables } = JSON.parse(String(init?.body));
    asked.push(variables.filter ?? {});
    return new Response(JSON.stringify({ data: { productFilters: answer(variables.filter ?? {}) } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createApolloClient({ fetch, persisted: false });
  const apply = vi.fn();
  render(
    <ApolloProvider client={client}>
      <FiltersModal
        scope={{ categoryId: '1' }}
        state={parseListingState(new URLSearchParams(''), LISTING_SCHEME)}
        brands={[
          { id: '9', label: 'Dr. Martens', count: 5 },
          { id: '8', label: 'Vans', count: 8 },
        ]}
        categories={[
          { id: '4', label: 'Ботинки', count: 5 },
          { id: '3', label: 'Кеды', count: 29 },
        ]}
        properties={[]}
        bounds={null}
        sortSet="standart"
        propertyKey={(p) => p.id}
        apply={apply}
        resetAll={() => {}}
        section={null}
        onClose={() => {}}
      />
    </ApolloProvider>,
  );
  return { asked, apply };
}

const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('checkbox', { name });

afterEach(cleanup);

describe('the mobile «Фильтры» modal', () => {
  it('recounts as boxes are ticked: a brand that would leave nothing cannot be ticked', async () => {
    const { asked } = renderModal();
    await waitFor(() => expect(screen.getByTestId('filters-found').textContent).toBe(`Найдено: ${formatCount(34, GOODS)}`));
    expect(box(/^Vans/).disabled).toBe(false);
    fireEvent.click(box(/^Ботинки/));
    await waitFor(() => expect(box(/^Vans/).disabled).toBe(true));
    // the list keeps its order; Vans now says 0
    const brands = within(screen.getByRole('group', { name: 'Бренд' }));
    expect(brands.getAllByRole('checkbox').map((b) => b.closest('label')?.textContent)).toEqual(['Dr. Martens 5', 'Vans 0']);
    expect(screen.getByTestId('filters-found').textContent).toBe(`Найдено: ${formatCount(5, GOODS)}`);
    expect(asked.at(-1)).toEqual({ categoryIds: ['4'] });
    // and the other way round: with Vans, «Ботинки» is out of reach
    fireEvent.click(box(/^Ботинки/));
    await waitFor(() => expect(box(/^Vans/).disabled).toBe(false));
    fireEvent.click(box(/^Vans/));
    await waitFor(() => expect(box(/^Ботинки/).disabled).toBe(true));
    expect(box(/^Кеды/).closest('label')?.textContent).toBe('Кеды 8');
  });

  it('applies the pending selection, and cannot apply one that the API says yields nothing', async () => {
    const { apply } = renderModal();
    fireEvent.click(box(/^Vans/));
    fireEvent.click(box(/^Dr\. Martens/));
    await waitFor(() => expect(box(/^Ботинки/).disabled).toBe(false));
    fireEvent.click(box(/^Ботинки/));
    await waitFor(() => expect(screen.getByTestId('filters-found').textContent).toBe(`Найдено: ${formatCount(5, GOODS)}`));
    // unticking Dr. Martens would leave Vans + Ботинки: nothing. The modal says so and will not apply it.
    fireEvent.click(box(/^Dr\. Martens/));
    await waitFor(() => expect(screen.getByTestId('filters-found').textContent).toBe('Ничего не найдено: измените фильтры'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Применить' }).disabled).toBe(true);
    fireEvent.click(box(/^Dr\. Martens/));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Применить' }).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ brands: ['8', '9'], categories: ['4'], page: 1 }));
  });
});

// A slider on a server-rendered page: the server renders (and the page serializes) only its first
// view's cards; hydration finds the same markup; the rest are asked for once the slider nears the
// screen or is touched (keyboard focus included), and the first cards stay where they were.
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { onPage, renderWithData } from '@shop/mf-shared/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listingProduct } from '../product-card/listing-product.fixtures.ts';
import { ProductSlider } from './product-slider.tsx';
import { SLIDER_ALL, SLIDER_BELOW_FOLD } from './use-slider-products.ts';

vi.mock('../report.ts', () => ({}));

/** Twenty cards and a Swiper take a while on a busy machine. */
const SLOW = { timeout: 10_000 };

const LIST = Array.from({ length: SLIDER_ALL }, (_, i) => listingProduct(String(i + 1), `Кроссовки ${i + 1}`));

/** A client whose API answers PopularProducts with as many products as `limit` asks; `asked` collects the limits. */
function client(asked: number[]) {
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const limit = Number(operation.variables.limit ?? SLIDER_ALL);
        asked.push(limit);
        observer.next({ data: { popularProducts: LIST.slice(0, limit) } } as never);
        observer.complete();
      }),
  );
  return new ApolloClient({ cache: new InMemoryCache(), link });
}

/** The IntersectionObservers made, to say when their element nears the screen. */
const observers: { callback: IntersectionObserverCallback; elements: Element[]; options?: IntersectionObserverInit }[] =
  [];
class FakeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, elements: [], options };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  unobserve() {}
  disconnect() {}
}
beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const nearing = () =>
  act(() => {
    for (const o of observers.filter((x) => x.options?.rootMargin)) {
      o.callback(
        o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        o as never,
      );
    }
  });

describe('product slider: first view on the server, the rest as it comes near', () => {
  it('renders on the server only its first view: four cards, one under the first screen', async () => {
    const asked: number[] = [];
    const html = await renderWithData(
      onPage(true, '/', <ProductSlider title="Популярное" list="popular" />, client(asked)),
    );
    expect(html.match(/data-testid="product-card"/g)).toHaveLength(4);
    const below = await renderWithData(
      onPage(
        true,
        '/',
        <ProductSlider title="Популярное" list="popular" firstView={SLIDER_BELOW_FOLD} />,
        client(asked),
      ),
    );
    expect(below.match(/data-testid="product-card"/g)).toHaveLength(1);
    expect(asked).toEqual([4, 1]);
  });

  it('asks for the rest when it nears the screen, keeping the first cards first', async () => {
    const asked: number[] = [];
    render(
      onPage(
        false,
        '/',
        <ProductSlider title="Популярное" list="popular" firstView={SLIDER_BELOW_FOLD} />,
        client(asked),
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1), SLOW);
    expect(asked).toEqual([1]);
    nearing();
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(SLIDER_ALL), SLOW);
    expect(asked).toEqual([1, SLIDER_ALL]);
    expect(screen.getAllByRole('article')[0]?.textContent).toContain('Кроссовки 1');
  });

  it('asks for the rest when the keyboard or a finger reaches it first', async () => {
    const asked: number[] = [];
    render(
      onPage(
        false,
        '/',
        <ProductSlider title="Популярное" list="popular" firstView={SLIDER_BELOW_FOLD} />,
        client(asked),
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1), SLOW);
    act(() => screen.getAllByRole('link')[0]?.focus());
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(SLIDER_ALL), SLOW);
  });
});

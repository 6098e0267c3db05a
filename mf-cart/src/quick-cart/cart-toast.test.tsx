import { useCart } from '@shop/mf-shared';
import { cartItem } from '@shop/mf-shared/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartToast, TOAST_MS } from './cart-toast.tsx';

const sneaker = cartItem({ image: '/api/images/nk-1.svg' });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useCart.setState({ items: [], panelOpen: false, lastAdded: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('«Товар в корзине!» toast', () => {
  it('shows the added line with photo, price and size, and opens the panel', () => {
    render(<CartToast />);
    expect(screen.queryByText('Товар в корзине!')).toBeNull();
    act(() => useCart.getState().add(sneaker));
    const toast = screen.getByTestId('cart-toast');
    expect(toast.textContent).toContain('Кроссовки Nike Air Max 90');
    expect(toast.textContent).toContain('12\u00a0990\u00a0₽');
    expect(toast.textContent).toContain('размер: 42');
    const photo = toast.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/api/images/nk-1.svg');
    expect(photo?.getAttribute('width')).toBe('64');
    fireEvent.click(screen.getByRole('button', { name: 'Показать корзину' }));
    expect(useCart.getState().panelOpen).toBe(true);
    expect(screen.queryByTestId('cart-toast')).toBeNull();
  });

  it('goes by itself after a few seconds, and a second add shows it again', () => {
    render(<CartToast />);
    act(() => useCart.getState().add(sneaker));
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    expect(screen.getByTestId('cart-toast')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('cart-toast')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(10);
      useCart.getState().add(sneaker);
    });
    expect(screen.getByTestId('cart-toast')).toBeTruthy();
  });

  it('does not announce an add made long before it was mounted', () => {
    act(() => useCart.getState().add(sneaker));
    vi.advanceTimersByTime(TOAST_MS + 1000);
    render(<CartToast />);
    expect(screen.queryByTestId('cart-toast')).toBeNull();
  });
});

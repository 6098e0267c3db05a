import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogHeader, dialogClassName } from './dialog.tsx';

afterEach(cleanup);

function sheet(shown: boolean, onDismiss = vi.fn()) {
  return (
    <Dialog variant="sheet" shown={shown} aria-label="Панель" onDismiss={onDismiss} dismissOnBackdrop className="mine">
      <DialogHeader titleId="t" title="Корзина" onClose={onDismiss} />
      <p>Текст</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens as a modal while shown and closes when it is not', () => {
    const { rerender } = render(sheet(false));
    const dialog = screen.getByLabelText('Панель', { selector: 'dialog' }) as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    rerender(sheet(true));
    expect(dialog.open).toBe(true);
    expect(dialog.className.split(' ').at(-1)).toBe('mine');
    rerender(sheet(false));
    expect(dialog.open).toBe(false);
  });

  it('hands Escape, the backdrop and × to the owner; a click inside is not a dismissal', () => {
    const onDismiss = vi.fn();
    render(sheet(true, onDismiss));
    const dialog = screen.getByLabelText('Панель', { selector: 'dialog' }) as HTMLDialogElement;
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.click(dialog);
    fireEvent.click(screen.getByText('Текст'));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onDismiss).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { name: 'Корзина' }).id).toBe('t');
  });

  it('passes the caller ref and leaves opening to it when shown is left out', () => {
    const ref = { current: null as HTMLDialogElement | null };
    render(<Dialog ref={ref} aria-label="Окно" />);
    expect(ref.current?.open).toBe(false);
    expect(dialogClassName('modal', 'x').endsWith(' x')).toBe(true);
  });
});

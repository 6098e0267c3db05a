import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberStepper } from './number-stepper.tsx';

afterEach(cleanup);

describe('number stepper 1–99', () => {
  it('disables − at 1 and + at 99', () => {
    const { rerender } = render(<NumberStepper value={1} onChange={() => {}} label="Кеды" />);
    expect(screen.getByRole('button', { name: 'Уменьшить количество: Кеды' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Увеличить количество: Кеды' }).hasAttribute('disabled')).toBe(false);
    rerender(<NumberStepper value={99} onChange={() => {}} label="Кеды" />);
    expect(screen.getByRole('button', { name: 'Уменьшить количество: Кеды' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Увеличить количество: Кеды' }).hasAttribute('disabled')).toBe(true);
  });

  it('steps by one and clamps a typed value into the bounds', () => {
    const onChange = vi.fn();
    render(<NumberStepper value={5} onChange={onChange} label="Кеды" />);
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить количество: Кеды' }));
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить количество: Кеды' }));
    const field = screen.getByRole('textbox', { name: 'Количество: Кеды' });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.blur(field);
    expect(onChange.mock.calls.map((call) => call[0])).toEqual([6, 4, 1, 15]);
  });
});

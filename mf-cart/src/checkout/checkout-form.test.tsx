import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutForm } from './checkout-form.tsx';
import type { FieldErrors } from './checkout-values.ts';

afterEach(cleanup);

function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function fillValid() {
  fill('ФИО', '  Иванова Анна ');
  fill('Телефон', '89161234567');
  fill('E-mail', 'anna@mail.ru');
  fill('Город', 'Казань');
  fill('Адрес доставки', 'ул. Баумана, д. 1, кв. 2');
}

const submit = () => fireEvent.submit(document.getElementById('checkout-form') as HTMLFormElement);

describe('checkout form', () => {
  it('says what is wrong when the shopper leaves a field, and masks the phone', async () => {
    render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    fill('ФИО', 'Анна');
    expect(await screen.findByText('Укажите фамилию и имя полностью')).toBeTruthy();
    expect(screen.queryByText('Укажите номер телефона')).toBeNull();
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '89161234567' } });
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 (916) 123-45-67');
    fireEvent.change(screen.getByLabelText('ФИО'), { target: { value: 'Иванова Анна' } });
    await waitFor(() => expect(screen.queryByText('Укажите фамилию и имя полностью')).toBeNull());
  });

  it('focuses the first wrong field in the page order and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<CheckoutForm serverErrors={{}} onSubmit={onSubmit} />);
    fillValid();
    submit();
    await waitFor(() => expect(document.activeElement?.id).toBe('checkout-deliveryMethod'));
    expect(screen.getByText('Выберите способ доставки')).toBeTruthy();
    expect(screen.getByText('Нужно согласие на обработку персональных данных')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed values once everything is right', async () => {
    const onSubmit = vi.fn();
    render(<CheckoutForm serverErrors={{}} onSubmit={onSubmit} />);
    fillValid();
    fireEvent.click(screen.getByLabelText('Пункт выдачи СДЭК'));
    fireEvent.click(screen.getByLabelText('Я даю согласие на обработку персональных данных'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      fullName: 'Иванова Анна',
      phone: '+7 (916) 123-45-67',
      email: 'anna@mail.ru',
      city: 'Казань',
      address: 'ул. Баумана, д. 1, кв. 2',
      deliveryMethod: 'CDEK_PICKUP',
      comment: '',
      personalDataConsent: true,
    });
  });

  it('shows the API field errors beside their fields until the shopper edits them', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<CheckoutForm serverErrors={{}} onSubmit={onSubmit} />);
    fillValid();
    fireEvent.click(screen.getByLabelText('Курьер'));
    fireEvent.click(screen.getByLabelText('Я даю согласие на обработку персональных данных'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const fromApi: FieldErrors = { city: 'Доставка в этот город недоступна', email: 'E-mail не принят' };
    rerender(<CheckoutForm serverErrors={fromApi} onSubmit={onSubmit} />);
    expect(await screen.findByText('Доставка в этот город недоступна')).toBeTruthy();
    expect(screen.getByLabelText('Город').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'Казань-2' } });
    await waitFor(() => expect(screen.queryByText('Доставка в этот город недоступна')).toBeNull());
    expect(screen.getByText('E-mail не принят')).toBeTruthy();
  });
});

import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render as renderUi, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryOptionsDocument, PickupPointsDocument } from '../graphql/generated.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { CHECKOUT_DRAFT_KEY, clearDraft } from './checkout-draft.ts';
import type { FieldErrors } from './checkout-values.ts';

// the API as it answers without a carrier: the shop's estimates, no pickup-point list
const estimates = {
  request: { query: DeliveryOptionsDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      deliveryOptions: {
        __typename: 'DeliveryOptions',
        city: null,
        pickupPoints: false,
        carrierDown: false,
        terms: (['COURIER', 'CDEK_PICKUP', 'RUSSIAN_POST'] as const).map((method, i) => ({
          __typename: 'DeliveryTerm',
          method,
          available: true,
          minDays: 3 + i,
          maxDays: 6 + i,
          latest: `2026-12-1${i}`,
        })),
      },
    },
  },
};

/** The form with the API's delivery terms answered as without a carrier. */
function render(ui: ReactElement) {
  const wrap = (node: ReactElement) => <MockedProvider mocks={[estimates]}>{node}</MockedProvider>;
  const result = renderUi(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

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
  it('says what is wrong when the shopper leaves a field', async () => {
    render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    fill('ФИО', 'Анна');
    expect(await screen.findByText('Укажите фамилию и имя полностью')).toBeTruthy();
    expect(screen.queryByText('Укажите номер телефона')).toBeNull();
    // The mask as typed (keys, Backspace, caret) runs in a real browser: e2e/tests/overlays.spec.ts.
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
      pickupPointCode: '',
      comment: '',
      personalDataConsent: true,
    });
  });

  it('shows each method its term to the typed city', async () => {
    render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    expect(screen.getByText(/Укажите город — покажем срок/)).toBeTruthy();
    fill('Город', 'Казань');
    expect(await screen.findByText('3–6 дней, к 10 декабря')).toBeTruthy();
    expect(screen.getByText('5–8 дней, к 12 декабря')).toBeTruthy();
  });

  it('with СДЭК, asks for a point from the list and takes its address', async () => {
    const cdek = {
      ...estimates,
      result: {
        data: {
          deliveryOptions: {
            ...estimates.result.data.deliveryOptions,
            city: { __typename: 'DeliveryCity', code: 424, name: 'Казань' },
            pickupPoints: true,
          },
        },
      },
    };
    const points = {
      request: { query: PickupPointsDocument, variables: () => true },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: {
        data: {
          pickupPoints: {
            __typename: 'PickupPointList',
            total: 1,
            points: [
              {
                __typename: 'PickupPoint',
                code: 'KZN2',
                name: 'Казань, пр-т Победы, 91',
                address: 'пр-т Победы, 91',
                workTime: 'Пн-Вс 09:00-21:00',
                howToFind: 'Вход со двора',
                nearestStation: '',
                card: true,
                dressingRoom: false,
              },
            ],
          },
        },
      },
    };
    const onSubmit = vi.fn();
    renderUi(
      <MockedProvider mocks={[cdek, points]}>
        <CheckoutForm serverErrors={{}} onSubmit={onSubmit} />
      </MockedProvider>,
    );
    fill('ФИО', 'Иванова Анна');
    fill('Телефон', '89161234567');
    fill('E-mail', 'anna@mail.ru');
    fill('Город', 'Казань');
    fireEvent.click(screen.getByLabelText(/Пункт выдачи СДЭК/));
    fireEvent.click(screen.getByLabelText('Я даю согласие на обработку персональных данных'));
    expect(await screen.findByRole('group', { name: 'Пункт выдачи СДЭК, Казань' })).toBeTruthy();
    // the typed address is not asked for: the point's is used
    expect(screen.queryByLabelText('Адрес доставки')).toBeNull();
    submit();
    await waitFor(() => expect(document.activeElement?.id).toBe('checkout-pickupPointCode'));
    expect(screen.getByText('Выберите пункт выдачи СДЭК')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /пр-т Победы, 91/ }));
    expect(screen.getByTestId('pickup-chosen').textContent).toBe('Выбран: пр-т Победы, 91');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ deliveryMethod: 'CDEK_PICKUP', pickupPointCode: 'KZN2', address: 'пр-т Победы, 91' });
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

  it('keeps what was typed for this tab (not the consent) and brings it back on the next visit', async () => {
    const { unmount } = render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    fillValid();
    fireEvent.change(screen.getByLabelText('Комментарий к заказу (необязательно)'), { target: { value: 'Позвонить' } });
    fireEvent.click(screen.getByLabelText('Курьер'));
    fireEvent.click(screen.getByLabelText('Я даю согласие на обработку персональных данных'));
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).not.toContain('Consent');
    unmount();
    render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    expect((screen.getByLabelText('ФИО') as HTMLInputElement).value).toBe('  Иванова Анна ');
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 (916) 123-45-67');
    expect((screen.getByLabelText('Адрес доставки') as HTMLInputElement).value).toBe('ул. Баумана, д. 1, кв. 2');
    expect((screen.getByLabelText('Комментарий к заказу (необязательно)') as HTMLTextAreaElement).value).toBe('Позвонить');
    expect((screen.getByLabelText('Курьер') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Я даю согласие на обработку персональных данных') as HTMLInputElement).checked).toBe(false);
  });

  it('starts empty once the order is placed, and ignores a stored draft that is not ours', () => {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ fullName: 'Иванова Анна', deliveryMethod: 'DRONE', personalDataConsent: true }));
    const { unmount } = render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    expect((screen.getByLabelText('ФИО') as HTMLInputElement).value).toBe('Иванова Анна');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect((screen.getByLabelText('Я даю согласие на обработку персональных данных') as HTMLInputElement).checked).toBe(false);
    unmount();
    clearDraft();
    render(<CheckoutForm serverErrors={{}} onSubmit={() => {}} />);
    expect((screen.getByLabelText('ФИО') as HTMLInputElement).value).toBe('');
  });
});

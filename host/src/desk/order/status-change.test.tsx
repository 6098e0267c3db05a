import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeskError } from '../api/desk-api.ts';
import type { OrderDetail } from '@shop/contracts/desk';
import { StatusChange } from './status-change.tsx';

const paid = {
  number: 'SH-7K2P9',
  status: 'paid',
  statusTitle: 'оплачен',
  next: [
    { status: 'assembled', title: 'собран' },
    { status: 'cancelled', title: 'отменён' },
  ],
} as OrderDetail;

afterEach(cleanup);

describe('the status buttons of an order', () => {
  it('move to the next status with the note', async () => {
    const onChange = vi.fn(async () => {});
    render(<StatusChange order={paid} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Комментарий к смене статуса (необязательно)'), { target: { value: '  Собрал Марат  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перевести в «собран»' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('assembled', 'Собрал Марат', ''));
  });

  it('ask before cancelling, and cancel nothing on «Не отменять»', async () => {
    const onChange = vi.fn(async () => {});
    render(<StatusChange order={paid} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Отменить заказ № SH-7K2P9?');
    fireEvent.click(screen.getByRole('button', { name: 'Не отменять' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, отменить заказ' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('cancelled', '', ''));
  });

  it('show the API’s refusal beside the buttons, and refuse an over-long note before sending', async () => {
    const onChange = vi.fn(async () => {
      throw new DeskError('api', 'Переход «оплачен» → «собран» уже выполнен другим сотрудником', 409, 'BAD_TRANSITION');
    });
    render(<StatusChange order={paid} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Перевести в «собран»' }));
    expect((await screen.findByRole('alert')).textContent).toContain('уже выполнен другим сотрудником');

    onChange.mockClear();
    fireEvent.change(screen.getByLabelText('Комментарий к смене статуса (необязательно)'), { target: { value: 'я'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Перевести в «собран»' }));
    expect(await screen.findByText('Слишком длинный комментарий: не больше 500 символов')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('take the parcel’s tracking number with «отправлен» only, and refuse one no carrier prints', async () => {
    const assembled = { ...paid, status: 'assembled', statusTitle: 'собран', next: [{ status: 'shipped', title: 'отправлен' }] } as OrderDetail;
    const onChange = vi.fn(async () => {});
    render(<StatusChange order={assembled} onChange={onChange} />);
    const field = screen.getByLabelText('Трек-номер посылки (для «отправлен», необязательно)');
    fireEvent.change(field, { target: { value: 'номер 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перевести в «отправлен»' }));
    expect(await screen.findByText('Трек-номер: 6–20 латинских букв и цифр, например 1234567890')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: ' СДЭК 1234567890 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перевести в «отправлен»' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('shipped', '', 'СДЭК 1234567890'));
    cleanup();
    // no field where «отправлен» is not next
    render(<StatusChange order={paid} onChange={vi.fn()} />);
    expect(screen.queryByLabelText('Трек-номер посылки (для «отправлен», необязательно)')).toBeNull();
  });

  it('say when the status is final', () => {
    render(<StatusChange order={{ ...paid, status: 'delivered', statusTitle: 'доставлен', next: [] }} onChange={vi.fn()} />);
    expect(screen.getByText('Статус «доставлен» окончательный: дальше его не изменить.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

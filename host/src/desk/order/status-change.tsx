import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DeskError } from '../api/desk-api.ts';
import type { OrderDetail, OrderStatus } from '@shop/contracts/desk';
import { Button } from '@shop/mf-shared/button';
import { TextField } from '@shop/mf-shared/text-field';
import { MAX_NOTE_LENGTH, type StatusNoteValues, statusNoteSchema } from './status-schema.ts';
import desk from '../ui/desk.module.css';
import styles from './order.module.css';

interface StatusChangeProps {
  order: OrderDetail;
  /** Sends the change; resolves with nothing, rejects with a DeskError the form shows. */
  onChange(status: OrderStatus, note: string, trackingNumber: string): Promise<void>;
}

/**
 * One button per status the API allows next (`next`), with an optional note. «отменён» asks
 * first: it returns the units to sale and cannot be undone.
 */
export function StatusChange({ order, onChange }: StatusChangeProps) {
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [failure, setFailure] = useState<string>('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<StatusNoteValues, unknown, StatusNoteValues>({
    defaultValues: { note: '', trackingNumber: '' },
    resolver: zodResolver(statusNoteSchema),
  });

  if (order.next.length === 0) {
    return <p className={styles.final}>Статус «{order.statusTitle}» окончательный: дальше его не изменить.</p>;
  }

  const send = (status: OrderStatus) =>
    handleSubmit(async ({ note, trackingNumber }) => {
      setFailure('');
      try {
        await onChange(status, note, status === 'shipped' ? trackingNumber : '');
        reset({ note: '', trackingNumber: '' });
        setConfirming(null);
      } catch (error) {
        setConfirming(null);
        setFailure(error instanceof DeskError ? error.message : 'Не удалось изменить статус. Повторите.');
      }
    });

  const titleOf = (status: OrderStatus) => order.next.find((n) => n.status === status)?.title ?? status;

  return (
    <form
      className={styles.statusForm}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-label="Смена статуса"
    >
      <TextField
        id="desk-status-note"
        label="Комментарий к смене статуса (необязательно)"
        multiline
        maxLength={MAX_NOTE_LENGTH + 100}
        error={errors.note?.message}
        {...register('note')}
      />
      {order.next.some((n) => n.status === 'shipped') && (
        <TextField
          id="desk-tracking-number"
          label="Трек-номер посылки (для «отправлен», необязательно)"
          hint="Номер СДЭК или Почты России: покупатель получит его в письме и на странице заказа"
          autoComplete="off"
          maxLength={40}
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
      )}
      {failure && (
        <p role="alert" className={desk.fieldError}>
          {failure}
        </p>
      )}
      {confirming ? (
        <CancelConfirm
          number={order.number}
          busy={isSubmitting}
          onConfirm={send(confirming)}
          onKeep={() => setConfirming(null)}
        />
      ) : (
        <div className={styles.actions}>
          {order.next.map(({ status }) => (
            <Button
              key={status}
              variant={status === 'cancelled' ? 'secondary' : 'accent'}
              className={status === 'cancelled' ? `${desk.button} ${styles.cancel}` : desk.button}
              disabled={isSubmitting}
              onClick={status === 'cancelled' ? () => setConfirming('cancelled') : send(status)}
            >
              {status === 'cancelled' ? 'Отменить заказ' : `Перевести в «${titleOf(status)}»`}
            </Button>
          ))}
        </div>
      )}
    </form>
  );
}

interface CancelConfirmProps {
  number: string;
  busy: boolean;
  onConfirm(): void;
  onKeep(): void;
}

/** The question before a cancellation; its «yes» takes the focus when it opens. */
function CancelConfirm({ number, busy, onConfirm, onKeep }: CancelConfirmProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);
  return (
    <div role="alertdialog" aria-labelledby="desk-confirm-text" className={styles.confirm}>
      <p id="desk-confirm-text">Отменить заказ № {number}? Резерв товара будет снят, отмену нельзя вернуть.</p>
      <div className={styles.actions}>
        <Button ref={confirmRef} className={`${desk.button} ${desk.danger}`} disabled={busy} onClick={onConfirm}>
          Да, отменить заказ
        </Button>
        <Button variant="secondary" className={desk.button} disabled={busy} onClick={onKeep}>
          Не отменять
        </Button>
      </div>
    </div>
  );
}

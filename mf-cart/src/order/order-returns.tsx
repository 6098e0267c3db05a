import { useMutation } from '@apollo/client/react';
import { formatDeliveryDate, formatPrice } from '@shop/contracts/format';
import { RETURN_REASONS, type ReturnReason } from '@shop/contracts/order';
import { RETURNS_PATH } from '@shop/contracts/pages';
import { messageFor } from '@shop/contracts/errors';
import { Button, fieldClassNames } from '@shop/mf-shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { type OrderQuery, RequestReturnDocument } from '../graphql/generated.ts';
import styles from './order-returns.module.css';

type Order = NonNullable<OrderQuery['order']>;
type Request = Order['returns'][number];

const STATUS_TEXT: Record<Request['status'], (r: Request) => string> = {
  REQUESTED: () => 'Заявка принята. Отправьте товар в магазин (как — на странице «Возврат и обмен»): деньги вернутся, когда он придёт.',
  REFUNDING: () => 'Возвращаем деньги на карту, с которой оплачен заказ.',
  REFUNDED: (r) => `Деньги возвращены: ${formatPrice(r.amount)}. Банк зачислит их на карту в течение нескольких дней.`,
  REJECTED: (r) => `Заявка отклонена${r.note ? `: ${r.note}` : ''}.`,
};

const RETURNABLE: ReadonlySet<string> = new Set(['SHIPPED', 'READY', 'DELIVERED']);

/**
 * The order page's returns: each request made and its state, and a form to ask for a return of
 * chosen lines (how many of each, a reason, a comment). The API checks quantities and the 7-day
 * window; its refusals are shown above the button.
 */
export function OrderReturns({ order, accessKey, onRequested }: { order: Order; accessKey: string; onRequested(): void }) {
  const left = order.lines.filter((l) => l.returnable > 0);
  const [open, setOpen] = useState(false);
  if (!RETURNABLE.has(order.status) && order.returns.length === 0) return null;
  return (
    <section className={styles.returns} aria-labelledby="returns-title">
      <h2 id="returns-title" className={styles.title}>
        Возврат
      </h2>
      {order.returns.map((r) => (
        <div key={r.id} className={styles.request} data-testid="return-request">
          <p className={styles.what}>
            {r.lines.map((l) => `${l.name}, размер ${l.size} — ${l.quantity} шт.`).join('; ')} · {formatPrice(r.amount)}
          </p>
          <p role="status">{STATUS_TEXT[r.status](r)}</p>
        </div>
      ))}
      {RETURNABLE.has(order.status) && left.length > 0 && (
        <>
          <p className={fieldClassNames.hint}>
            {order.returnUntil
              ? `Товар надлежащего качества можно вернуть до ${formatDeliveryDate(order.returnUntil.slice(0, 10))}; с браком — и позже.`
              : 'Вернуть товар можно в течение 7 дней после получения.'}{' '}
            <Link to={RETURNS_PATH}>Как вернуть или обменять товар</Link>
          </p>
          {open ? (
            <ReturnForm order={order} accessKey={accessKey} lines={left} onDone={() => { setOpen(false); onRequested(); }} />
          ) : (
            <Button variant="secondary" onClick={() => setOpen(true)}>
              Оформить возврат
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ReturnForm({ order, accessKey, lines, onDone }: { order: Order; accessKey: string; lines: Order['lines']; onDone(): void }) {
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [send, { loading }] = useMutation(RequestReturnDocument, { fetchPolicy: 'no-cache' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.entries(quantities).filter(([, q]) => q > 0);
    const problems = [...(chosen.length ? [] : ['Отметьте товары, которые хотите вернуть']), ...(reason ? [] : ['Выберите причину возврата'])];
    setErrors(problems);
    if (problems.length || !reason) return;
    try {
      const { data } = await send({
        variables: { input: { number: order.ordernumber, key: accessKey, reason, comment: comment.trim() || null, lines: chosen.map(([offerId, quantity]) => ({ offerId, quantity })) } },
      });
      const result = data?.requestReturn;
      if (result?.success) onDone();
      else setErrors(result?.errors.map((e) => e.message) ?? ['Не удалось отправить заявку']);
    } catch (error) {
      setErrors([messageFor(error, 'sendReturn').text]);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Заявка на возврат">
      <fieldset className={fieldClassNames.group}>
        <legend className={fieldClassNames.label}>Что вернуть</legend>
        {lines.map((l) => {
          const q = quantities[l.offerId] ?? 0;
          return (
            <div key={l.offerId} className={styles.line}>
              <label className={styles.check}>
                <input type="checkbox" checked={q > 0} onChange={(e) => setQuantities({ ...quantities, [l.offerId]: e.target.checked ? 1 : 0 })} />
                {l.name}, размер {l.size}
              </label>
              {q > 0 && l.returnable > 1 && (
                <label className={styles.quantity}>
                  Сколько
                  <select value={q} onChange={(e) => setQuantities({ ...quantities, [l.offerId]: Number(e.target.value) })}>
                    {Array.from({ length: l.returnable }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset className={fieldClassNames.group}>
        <legend className={fieldClassNames.label}>Причина</legend>
        {(Object.keys(RETURN_REASONS) as ReturnReason[]).map((code) => (
          <label key={code} className={styles.check}>
            <input type="radio" name="return-reason" value={code} checked={reason === code} onChange={() => setReason(code)} />
            {RETURN_REASONS[code]}
          </label>
        ))}
      </fieldset>
      <label className={fieldClassNames.label} htmlFor="return-comment">
        Комментарий (необязательно)
      </label>
      <textarea id="return-comment" className={fieldClassNames.input} value={comment} maxLength={1000} rows={3} onChange={(e) => setComment(e.target.value)} />
      <p className={fieldClassNames.hint}>Деньги вернутся на карту, с которой оплачен заказ, когда магазин получит товар.</p>
      {errors.length > 0 && (
        <div role="alert" className={fieldClassNames.error}>
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      )}
      <Button type="submit" disabled={loading}>
        Отправить заявку
      </Button>
    </form>
  );
}

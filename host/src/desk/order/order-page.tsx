import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DeskError, deskApi } from '../api/desk-api.ts';
import type { OrderDetail, OrderPayment, OrderStatus } from '@shop/contracts/desk';
import { useDeskRequest } from '../api/use-desk-request.ts';
import { DESK_PATHS } from '../desk-path.ts';
import { useDeskSession } from '../session/desk-session.tsx';
import { deliveryTitle, formatMoscow, formatPrice, paymentTitle } from '../ui/format.ts';
import { LoadError } from '../ui/load-error.tsx';
import { Loading } from '../ui/loading.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { OrderHistory } from './order-history.tsx';
import { StatusChange } from './status-change.tsx';
import desk from '../ui/desk.module.css';
import styles from './order.module.css';

/** Back to the list with the filters it had, when the list sent its search along. */
function BackLink() {
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  const backHref = DESK_PATHS.orders + (typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : '');
  return (
    <p className={styles.back}>
      <Link to={backHref}>← Все заказы</Link>
    </p>
  );
}

/** One order: what was bought, by whom, where it goes, the consent record, payments, history, and the next status. */
export function OrderPage({ number }: { number: string }) {
  const { state, retry, replace } = useDeskRequest(`order:${number}`, () => deskApi.order(number));

  useEffect(() => {
    document.title = `Заказ № ${number}`;
  }, [number]);

  if (state.kind === 'failed' && !state.data)
    return <OrderFailed number={number} error={state.error} onRetry={retry} />;
  if (!state.data) return <Loading text="Загружаем заказ…" />;
  const { order } = state.data;

  return (
    <article aria-labelledby="order-title">
      <BackLink />
      <div className={styles.heading}>
        <h1 id="order-title" className={styles.title}>
          Заказ № {order.number}
        </h1>
        <span data-testid="order-status">
          <StatusBadge status={order.status} title={order.statusTitle} />
        </span>
      </div>
      <p className={styles.muted}>
        Оформлен {formatMoscow(order.createdAt)}
        {order.paidAt ? ` · оплачен ${formatMoscow(order.paidAt)}` : ''}
        {order.reservedUntil && order.status === 'new' ? ` · резерв до ${formatMoscow(order.reservedUntil)}` : ''}
      </p>
      {state.kind === 'failed' && <LoadError error={state.error} onRetry={retry} />}
      <StatusCard order={order} onChanged={replace} onConflict={retry} />
      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="lines-title">
          <h2 id="lines-title" className={styles.subtitle}>
            Товары
          </h2>
          <OrderLines order={order} />
        </section>
        <CustomerCard order={order} />
      </div>
      {order.shipment && <ShipmentCard order={order} onChanged={replace} />}
      {order.returns && order.returns.length > 0 && <ReturnsCard order={order} onChanged={replace} />}
      <div className={styles.columns}>
        <PaymentsCard payments={order.payments} />
        <ConsentCard consent={order.consent} />
      </div>
      <section className={styles.card} aria-labelledby="history-title">
        <h2 id="history-title" className={styles.subtitle}>
          История
        </h2>
        <OrderHistory history={order.history} />
      </section>
    </article>
  );
}

function OrderFailed({ number, error, onRetry }: { number: string; error: DeskError; onRetry(): void }) {
  if (error.code === 'ORDER_NOT_FOUND' || error.status === 404) {
    return (
      <section>
        <BackLink />
        <h1 className={styles.title}>Заказ не найден</h1>
        <p>Заказа № {number} нет. Проверьте номер или найдите заказ в списке.</p>
      </section>
    );
  }
  return (
    <section>
      <BackLink />
      <LoadError title={`Не удалось загрузить заказ № ${number}`} error={error} onRetry={onRetry} />
    </section>
  );
}

interface StatusCardProps {
  order: OrderDetail;
  /** The order as the API answered the change. */
  onChanged(result: { order: OrderDetail }): void;
  /** Someone else moved the order meanwhile: load it as it is now. */
  onConflict(): void;
}

function StatusCard({ order, onChanged, onConflict }: StatusCardProps) {
  const { expired } = useDeskSession();
  const [changed, setChanged] = useState('');

  const changeStatus = async (status: OrderStatus, note: string, trackingNumber: string) => {
    const from = order.statusTitle;
    try {
      const result = await deskApi.setStatus(order.number, status, note, trackingNumber);
      onChanged(result);
      setChanged(`Статус изменён: ${from} → ${result.order.statusTitle}`);
    } catch (error) {
      if (error instanceof DeskError && error.kind === 'unauthenticated') {
        expired();
        return;
      }
      // Someone else may have moved it meanwhile (409): show the order as it is now.
      if (error instanceof DeskError && error.status === 409) onConflict();
      throw error;
    }
  };

  return (
    <section className={styles.card} aria-labelledby="status-title">
      <h2 id="status-title" className={styles.subtitle}>
        Статус
      </h2>
      <p role="status" className={styles.changed}>
        {changed}
      </p>
      <StatusChange order={order} onChange={changeStatus} />
    </section>
  );
}

function CustomerCard({ order }: { order: OrderDetail }) {
  return (
    <section className={styles.card} aria-labelledby="customer-title">
      <h2 id="customer-title" className={styles.subtitle}>
        Покупатель и доставка
      </h2>
      <dl className={styles.facts}>
        <dt>Имя</dt>
        <dd data-testid="customer-name">{order.fullName}</dd>
        <dt>Телефон</dt>
        <dd data-testid="customer-phone">{order.phone}</dd>
        <dt>E-mail</dt>
        <dd data-testid="customer-email">{order.email}</dd>
        <dt>Доставка</dt>
        <dd>{deliveryTitle(order.deliveryMethod)}</dd>
        {order.tracking && (
          <>
            <dt>Трек-номер</dt>
            <dd data-testid="order-tracking">
              {order.tracking.url ? (
                <a href={order.tracking.url} target="_blank" rel="noopener noreferrer">
                  {order.tracking.number}
                </a>
              ) : (
                order.tracking.number
              )}
            </dd>
          </>
        )}
        <dt>Адрес</dt>
        <dd data-testid="customer-address">{[order.city, order.address].filter(Boolean).join(', ') || '—'}</dd>
        {order.delivery?.pickupPoint && (
          <>
            <dt>Пункт выдачи</dt>
            <dd data-testid="order-pickup-point">
              {order.delivery.pickupPoint.code}
              {order.delivery.pickupPoint.workTime && ` · ${order.delivery.pickupPoint.workTime}`}
              {!order.delivery.pickupPoint.verified && ' · не проверен СДЭК (оформлен, когда СДЭК не отвечал)'}
            </dd>
          </>
        )}
        {order.delivery && (
          <>
            <dt>Срок</dt>
            <dd data-testid="order-term">
              {order.delivery.term}
              {order.delivery.fromCarrier ? ' (по тарифу СДЭК)' : ' (оценка магазина)'}
            </dd>
            <dt>Доставка обходится магазину</dt>
            <dd data-testid="order-delivery-cost">{order.delivery.cost === null ? 'неизвестно' : formatPrice(order.delivery.cost)}</dd>
          </>
        )}
        <dt>Комментарий</dt>
        <dd className={styles.comment}>{order.comment || '—'}</dd>
      </dl>
    </section>
  );
}

const RETURN_STATE = { requested: 'ждёт решения', refunding: 'деньги возвращаются', refunded: 'деньги возвращены', rejected: 'отклонена' } as const;

/** The shopper's return requests: «Вернуть деньги» (through ЮKassa) or «Отклонить» with a note the shopper reads. */
function ReturnsCard({ order, onChanged }: { order: OrderDetail; onChanged(result: { order: OrderDetail }): void }) {
  const { expired, state } = useDeskSession();
  // money leaves the shop only by the owner's hand (the API refuses a manager too)
  const mayRefund = state.kind === 'signed-in' && state.user.role === 'owner';
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const act = async (id: number, action: 'refund' | 'reject') => {
    setBusy(true);
    setProblem('');
    try {
      onChanged(await deskApi.resolveReturn(order.number, id, action, notes[id] ?? ''));
    } catch (error) {
      if (error instanceof DeskError && error.kind === 'unauthenticated') expired();
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="returns-title">
      <h2 id="returns-title" className={styles.subtitle}>
        Возвраты
      </h2>
      <ul className={styles.history}>
        {order.returns?.map((r) => (
          <li key={r.id} className={styles.event} data-testid="desk-return">
            <span>
              {formatMoscow(r.createdAt)} · <b>{RETURN_STATE[r.status]}</b>
            </span>
            <span>
              {r.lines.map((l) => `${l.name}, ${l.size} × ${l.quantity}`).join('; ')} · {formatPrice(r.amount)}
            </span>
            <span className={styles.eventNote}>
              {r.reason}
              {r.comment && `: ${r.comment}`}
              {r.note && ` · ответ магазина: ${r.note}`}
              {r.refundError && ` · ошибка возврата: ${r.refundError}`}
            </span>
            {(r.status === 'requested' || r.status === 'refunding') && (
              <div className={styles.actions}>
                {mayRefund ? (
                  <button type="button" className={desk.button} disabled={busy} onClick={() => act(r.id, 'refund')}>
                    Вернуть деньги: {formatPrice(r.amount)}
                  </button>
                ) : (
                  <span className={styles.muted}>Вернуть деньги может владелец магазина</span>
                )}
                {r.status === 'requested' && (
                  <>
                    <input
                      aria-label={`Почему отклонить заявку от ${formatMoscow(r.createdAt)}`}
                      placeholder="Причина отказа (увидит покупатель)"
                      value={notes[r.id] ?? ''}
                      maxLength={500}
                      onChange={(e) => setNotes({ ...notes, [r.id]: e.target.value })}
                    />
                    <button type="button" className={`${desk.button} ${styles.cancel}`} disabled={busy || !(notes[r.id] ?? '').trim()} onClick={() => act(r.id, 'reject')}>
                      Отклонить
                    </button>
                  </>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className={desk.fieldError}>
          {problem}
        </p>
      )}
    </section>
  );
}

const SHIPMENT_STATE = { pending: 'регистрируется', registered: 'зарегистрирована', failed: 'СДЭК не принял' } as const;

/** The parcel's registration with СДЭК: its number, or why it failed (with «Отправить ещё раз»), or the tries so far. */
function ShipmentCard({ order, onChanged }: { order: OrderDetail; onChanged(result: { order: OrderDetail }): void }) {
  const { expired } = useDeskSession();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const shipment = order.shipment;
  if (!shipment) return null;
  const retry = async () => {
    setBusy(true);
    setProblem('');
    try {
      onChanged(await deskApi.retryShipment(order.number));
    } catch (error) {
      if (error instanceof DeskError && error.kind === 'unauthenticated') expired();
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="shipment-title">
      <h2 id="shipment-title" className={styles.subtitle}>
        Посылка в СДЭК
      </h2>
      <dl className={styles.facts}>
        <dt>Регистрация</dt>
        <dd data-testid="shipment-state">{SHIPMENT_STATE[shipment.state]}</dd>
        {shipment.carrierNumber && (
          <>
            <dt>Номер СДЭК</dt>
            <dd>{shipment.carrierNumber}</dd>
          </>
        )}
        {shipment.carrierStatus && (
          <>
            <dt>Статус СДЭК</dt>
            <dd>{shipment.carrierStatus}</dd>
          </>
        )}
        {shipment.state !== 'registered' && (
          <>
            <dt>Попыток</dt>
            <dd>{shipment.attempts}</dd>
          </>
        )}
        {shipment.lastError && (
          <>
            <dt>{shipment.state === 'failed' ? 'Причина' : 'Последняя ошибка'}</dt>
            <dd data-testid="shipment-error">{shipment.lastError}</dd>
          </>
        )}
      </dl>
      {shipment.state === 'pending' && shipment.lastError && <p className={styles.muted}>СДЭК не ответил: магазин повторит сам, ничего делать не нужно.</p>}
      {shipment.state === 'failed' && (
        <button type="button" className={desk.button} disabled={busy} onClick={retry}>
          Отправить в СДЭК ещё раз
        </button>
      )}
      {problem && (
        <p role="alert" className={desk.fieldError}>
          {problem}
        </p>
      )}
    </section>
  );
}

function providerTitle(provider: string) {
  return provider === 'yookassa' ? 'ЮKassa' : provider === 'sandbox' ? 'тестовая оплата' : provider;
}

function PaymentsCard({ payments }: { payments: OrderPayment[] }) {
  return (
    <section className={styles.card} aria-labelledby="payments-title">
      <h2 id="payments-title" className={styles.subtitle}>
        Оплата
      </h2>
      {payments.length === 0 ? (
        <p className={styles.muted}>Платежей нет.</p>
      ) : (
        <ul className={styles.plain}>
          {payments.map((payment) => (
            <li key={`${payment.provider}:${payment.providerPaymentId}`} className={styles.payment}>
              <span>
                {providerTitle(payment.provider)} · {paymentTitle(payment.status)} · {formatPrice(payment.amount)}
              </span>
              <span className={styles.muted}>
                {payment.providerPaymentId} · {formatMoscow(payment.updatedAt || payment.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ConsentCard({ consent }: { consent: OrderDetail['consent'] }) {
  return (
    <section className={styles.card} aria-labelledby="consent-title">
      <h2 id="consent-title" className={styles.subtitle}>
        Согласие на обработку персональных данных
      </h2>
      {consent ? (
        <dl className={styles.facts}>
          <dt>Версия</dt>
          <dd>{consent.version}</dd>
          <dt>Дано</dt>
          <dd>{formatMoscow(consent.at)}</dd>
          <dt>IP-адрес</dt>
          <dd>{consent.clientIp || '—'}</dd>
        </dl>
      ) : (
        <p className={styles.muted}>Записи о согласии нет.</p>
      )}
    </section>
  );
}

function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <>
      <ul className={styles.plain}>
        {order.lines.map((line) => (
          <li key={`${line.sku}-${line.size}`} className={styles.line}>
            <span className={styles.lineName}>
              {line.name}
              <span className={styles.muted}>
                арт. {line.sku}
                {line.size ? `, размер ${line.size}` : ''}
              </span>
            </span>
            <span className={styles.lineSum}>
              {line.quantity} × {formatPrice(line.price)} = {formatPrice(line.total)}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        Итого: <strong>{formatPrice(order.totalPrice)}</strong>
      </p>
    </>
  );
}

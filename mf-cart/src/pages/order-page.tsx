import { useQuery } from '@apollo/client/react';
import { orderLineProduct } from '@shop/contracts/analytics';
import { messageFor } from '@shop/contracts/errors';
import { formatCount, formatDeliveryTerm, formatPrice, GOODS } from '@shop/contracts/format';
import type { OrderPageProps } from '@shop/contracts/remotes';
import { buttonClassName, SectionError, Spinner } from '@shop/mf-shared';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { RETURNS_PATH } from '@shop/contracts/pages';
import { OrderDocument, type OrderQuery } from '../graphql/generated.ts';
import { formatOrderDate, ORDER_STATUS } from '../order/order-status.ts';
import { deliveryTitle, orderSummary, statusTone } from '../order/order-view.ts';
import { OrderReturns } from '../order/order-returns.tsx';
import { PayOrderButton } from '../order/pay-order-button.tsx';
import { reportPurchaseOnce } from '../order/report-purchase-once.ts';
import '../report.ts';
import orderStyles from './order-page.module.css';
import styles from './page.module.css';

/** «Заказ №… оформлен»: the order as the API has it now (never from a cache). */
export default function OrderPage({ id }: OrderPageProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const key = params.get('key') ?? '';
  // The resolver's id for an order page is its order number (the canonical /order/<number>),
  // which `order()` is looked up by, with the key; the path is the fallback.
  const number = id || orderNumberFromPath(pathname) || '';
  const { data, loading, error, refetch } = useQuery(OrderDocument, {
    variables: { number, key },
    fetchPolicy: 'no-cache', // orders and payment links are never kept in the page's cache
    skip: !key,
  });
  const order = data?.order;

  useEffect(() => {
    if (!order) return;
    reportPurchaseOnce(order, order.lines.map(orderLineProduct));
  }, [order]);

  if (loading && !order) {
    return (
      <section className={styles.page} aria-busy="true">
        <Spinner />
      </section>
    );
  }
  if (error && !order) {
    return (
      <section className={styles.page}>
        <SectionError message={messageFor(error, 'loadOrder')} onRetry={() => void refetch()} />
      </section>
    );
  }
  if (!order) return <OrderNotFound />;
  const { heading, lead } = orderSummary(order);
  return (
    <section className={styles.page} data-testid="order-page">
      <h1 className={styles.title}>{heading}</h1>
      <p className={orderStyles.lead}>{lead}</p>
      <OrderFacts order={order} />
      {order.status === 'NEW' && order.payment?.status === 'CANCELED' && (
        <p className={orderStyles.notice} role="status">
          Оплата не прошла или была отменена, деньги не списаны. Можно попробовать ещё раз.
        </p>
      )}
      {order.status === 'NEW' && <PayOrderButton orderId={order.id} accessKey={key} />}
      {order.status === 'CANCELLED' && (
        <Link to="/search" className={buttonClassName('accent', orderStyles.catalogue)}>
          Перейти в каталог
        </Link>
      )}
      <OrderLines lines={order.lines} />
      <h2 className={orderStyles.subtitle}>Доставка</h2>
      <p className={orderStyles.delivery} data-testid="order-delivery">
        {deliveryTitle(order.deliveryMethod)}, бесплатно
        <span className={orderStyles.meta}>
          {order.city}, {order.address}
          {order.delivery?.pickupPoint?.workTime && `. Часы работы: ${order.delivery.pickupPoint.workTime}`}
        </span>
        {order.delivery && !['DELIVERED', 'CANCELLED'].includes(order.status) && (
          <span className={orderStyles.meta} data-testid="order-term">
            Срок доставки: {formatDeliveryTerm(order.delivery)}
          </span>
        )}
      </p>
      {order.tracking && (
        <p className={orderStyles.delivery} data-testid="order-tracking">
          Трек-номер посылки: <strong>{order.tracking.number}</strong>
          {order.tracking.url && (
            <a className={orderStyles.track} href={order.tracking.url} target="_blank" rel="noopener noreferrer">
              Отследить посылку
            </a>
          )}
        </p>
      )}
      {order.status !== 'CANCELLED' && order.returns.length === 0 && !['SHIPPED', 'READY', 'DELIVERED'].includes(order.status) && (
        <p className={orderStyles.meta}>
          Передумали или не подошёл размер? <Link to={RETURNS_PATH}>Как вернуть или обменять товар</Link>
        </p>
      )}
      <OrderReturns order={order} accessKey={key} onRequested={() => void refetch()} />
      {order.status !== 'CANCELLED' && (
        <Link to="/search" className={orderStyles.back}>
          Продолжить покупки
        </Link>
      )}
    </section>
  );
}

type Order = NonNullable<OrderQuery['order']>;

/**
 * The same answer for a wrong key, a missing key and an order that does not exist (the server
 * answers this page with HTTP 404): say where the right link is.
 */
function OrderNotFound() {
  return (
    <section className={styles.page} data-testid="order-not-found">
      <h1 className={styles.title}>Заказ не найден</h1>
      <p className={orderStyles.lead}>
        Откройте заказ по ссылке из письма «Заказ №… оформлен»: оно пришло на e-mail, указанный при оформлении, и ссылка
        в нём содержит ключ доступа к заказу. Если письма нет во «Входящих», проверьте папку «Спам».
      </p>
      <Link to="/search">Перейти в каталог</Link>
    </section>
  );
}

function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className={orderStyles.facts}>
      <div>
        <dt>Номер заказа</dt>
        <dd>{order.ordernumber}</dd>
      </div>
      <div>
        <dt>Дата</dt>
        <dd>{formatOrderDate(order.orderdate)}</dd>
      </div>
      <div>
        <dt>Сумма</dt>
        <dd data-testid="order-total">{formatPrice(order.totalPrice)}</dd>
      </div>
      <div>
        <dt>Статус</dt>
        <dd className={orderStyles[statusTone(order.status)]} data-testid="order-status">
          {ORDER_STATUS[order.status]}
        </dd>
      </div>
    </dl>
  );
}

function OrderLines({ lines }: { lines: Order['lines'] }) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <h2 className={orderStyles.subtitle}>{formatCount(count, GOODS)}</h2>
      <ul className={orderStyles.lines}>
        {lines.map((line) => (
          <li key={line.offerId} className={orderStyles.line}>
            <span>
              {line.name}
              <span className={orderStyles.meta}>
                размер {line.size} · {line.quantity} × {formatPrice(line.price)}
              </span>
            </span>
            <strong>{formatPrice(line.total)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

function orderNumberFromPath(pathname: string): string | null {
  const match = /^\/order\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
}

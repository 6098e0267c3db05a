import { useQuery } from '@apollo/client/react';
import { formatCount, formatPrice, GOODS, type OrderPageProps, SectionError, Spinner } from '@shop/mf-shared';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { orderLineProduct } from '../cart-lines/analytics-product.ts';
import { OrderDocument } from '../graphql/generated.ts';
import { formatOrderDate, ORDER_STATUS } from '../order/order-status.ts';
import { PayOrderButton } from '../order/pay-order-button.tsx';
import { reportPurchaseOnce } from '../order/report-purchase-once.ts';
import '../report.ts';
import styles from './page.module.css';
import orderStyles from './order-page.module.css';

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
    reportPurchaseOnce(
      order,
      order.lines.map(orderLineProduct),
    );
  }, [order]);

  if (loading && !order) {
    return (
      <section className={styles.page}>
        <Spinner />
      </section>
    );
  }
  if (error && !order) {
    return (
      <section className={styles.page}>
        <SectionError title="Не удалось загрузить заказ. Проверьте соединение" onRetry={() => void refetch()} />
      </section>
    );
  }
  if (!order) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>Заказ не найден</h1>
        <p>Проверьте ссылку на заказ: в ней должен быть ключ доступа из письма или со страницы оплаты.</p>
        <Link to="/search">Перейти в каталог</Link>
      </section>
    );
  }
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const paid = order.status === 'PAID';
  return (
    <section className={styles.page} data-testid="order-page">
      <h1 className={styles.title}>Заказ №{order.ordernumber} оформлен</h1>
      <p className={orderStyles.lead}>
        {paid
          ? 'Спасибо за покупку! Мы свяжемся с вами, чтобы уточнить доставку.'
          : 'Заказ ждёт оплаты: как только он будет оплачен, мы начнём собирать посылку.'}
      </p>
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
          <dd className={paid ? orderStyles.paid : orderStyles.waiting}>{ORDER_STATUS[order.status]}</dd>
        </div>
      </dl>
      {!paid && <PayOrderButton orderId={order.id} accessKey={key} />}
      <h2 className={orderStyles.subtitle}>{formatCount(count, GOODS)}</h2>
      <ul className={orderStyles.lines}>
        {order.lines.map((line) => (
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
      <p className={orderStyles.meta}>
        Доставка бесплатно · {order.city}, {order.address}
      </p>
      <Link to="/search" className={orderStyles.back}>
        Продолжить покупки
      </Link>
    </section>
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

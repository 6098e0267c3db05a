import { Link } from 'react-router-dom';
import type { OrderSummary } from '@shop/contracts/desk';
import { DESK_PATHS } from '../desk-path.ts';
import { deliveryTitle, formatMoscow, formatPrice, paymentTitle, plural } from '../ui/format.ts';
import { StatusBadge } from '../ui/status-badge.tsx';
import styles from './orders.module.css';

/** One order in the list; the whole card opens it. `listSearch` lets the order page lead back to this selection. */
export function OrderRow({ order, listSearch }: { order: OrderSummary; listSearch: string }) {
  return (
    <li>
      <Link to={DESK_PATHS.order(order.number)} state={{ listSearch }} className={styles.row} data-testid="order-row">
        <span className={styles.number}>№ {order.number}</span>
        <span className={styles.date}>{formatMoscow(order.createdAt)}</span>
        <span className={styles.status}>
          <StatusBadge status={order.status} title={order.statusTitle} />
        </span>
        <span className={styles.customer}>
          {order.fullName}
          <span className={styles.contacts}>
            {order.phone} · {order.email}
          </span>
        </span>
        <span className={styles.delivery}>
          {order.city}, {deliveryTitle(order.deliveryMethod)}
        </span>
        <span className={styles.total}>
          {formatPrice(order.totalPrice)}
          <span className={styles.items}>
            {plural(order.items, 'товар', 'товара', 'товаров')}, оплата: {paymentTitle(order.paymentStatus)}
          </span>
        </span>
      </Link>
    </li>
  );
}

import { Link } from 'react-router-dom';
import { ORDER_STATUSES, ORDER_STATUS_TITLES } from '@shop/contracts/desk';
import { type OrderFilters, withFilter } from './order-filters.ts';
import styles from './orders.module.css';

/** «Все» and one chip per status; each is a link, so the choice lives in the address. */
export function StatusChips({ filters, hrefFor }: { filters: OrderFilters; hrefFor(filters: OrderFilters): string }) {
  const chips = [{ status: '' as const, title: 'все' }, ...ORDER_STATUSES.map((status) => ({ status, title: ORDER_STATUS_TITLES[status] }))];
  return (
    <nav aria-label="Статус заказа" className={styles.chips}>
      {chips.map(({ status, title }) => (
        <Link
          key={status || 'all'}
          to={hrefFor(withFilter(filters, { status }))}
          className={styles.chip}
          aria-current={filters.status === status ? 'true' : undefined}
        >
          {title}
        </Link>
      ))}
    </nav>
  );
}

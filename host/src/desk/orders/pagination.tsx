import { Link } from 'react-router-dom';
import type { OrderFilters } from './order-filters.ts';
import styles from './orders.module.css';

export function Pagination({
  filters,
  total,
  pageSize,
  hrefFor,
}: {
  filters: OrderFilters;
  total: number;
  pageSize: number;
  hrefFor(filters: OrderFilters): string;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1 && filters.page <= 1) return null;
  const page = filters.page;
  return (
    <nav aria-label="Страницы списка" className={styles.pagination}>
      {page > 1 ? <Link to={hrefFor({ ...filters, page: Math.min(page - 1, pages) })}>← Назад</Link> : <span />}
      <span>
        Страница {page} из {pages}
      </span>
      {page < pages ? <Link to={hrefFor({ ...filters, page: page + 1 })}>Дальше →</Link> : <span />}
    </nav>
  );
}

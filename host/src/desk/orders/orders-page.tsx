import { buttonClassName } from '@shop/mf-shared/button';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { csvHref, deskApi } from '../api/desk-api.ts';
import { useDeskRequest } from '../api/use-desk-request.ts';
import { DESK_PATHS } from '../desk-path.ts';
import { useDeskSession } from '../session/desk-session.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Loading } from '../ui/loading.tsx';
import { plural } from '../ui/format.ts';
import { type OrderFilters, filtersQuery, hasFilters, readFilters } from './order-filters.ts';
import { FilterForm } from './filter-form.tsx';
import { OrderRow } from './order-row.tsx';
import { Pagination } from './pagination.tsx';
import { StatusChips } from './status-chips.tsx';
import desk from '../ui/desk.module.css';
import styles from './orders.module.css';

/** The orders list: filters in the address (Back and refresh keep them), 30 per page, CSV of the same selection. */
export function OrdersPage() {
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const query = filtersQuery(filters);
  const navigate = useNavigate();
  const location = useLocation();
  const session = useDeskSession();
  const manager = session.state.kind === 'signed-in' && session.state.user.role === 'manager';
  const { state, retry } = useDeskRequest(query, () => deskApi.orders(query));

  useEffect(() => {
    document.title = 'Заказы';
  }, []);

  const hrefFor = (next: OrderFilters) => {
    const search = filtersQuery(next);
    return `${DESK_PATHS.orders}${search ? `?${search}` : ''}`;
  };
  const apply = (next: OrderFilters) => navigate(hrefFor(next));
  const list = state.kind === 'done' ? state.data : null;

  return (
    <section aria-labelledby="orders-title">
      <div className={styles.titleRow}>
        <h1 id="orders-title" className={styles.title}>
          Заказы
        </h1>
        <a
          className={buttonClassName('secondary', `${desk.button} ${styles.csv}`)}
          href={csvHref(filtersQuery(filters, { page: false }))}
          download
        >
          Скачать CSV
        </a>
      </div>
      {manager && <p className={styles.note}>В CSV для менеджера нет персональных данных покупателей.</p>}
      <StatusChips filters={filters} hrefFor={hrefFor} />
      <FilterForm key={query} filters={filters} onApply={apply} />
      {hasFilters(filters) && (
        <p className={styles.reset}>
          <Link to={DESK_PATHS.orders}>Сбросить фильтры</Link>
        </p>
      )}
      {state.kind === 'failed' ? (
        <LoadError
          title={state.error.code === 'BAD_FILTER' ? 'Фильтр не подходит' : 'Не удалось загрузить заказы'}
          error={state.error}
          onRetry={retry}
        />
      ) : !list ? (
        <Loading text="Загружаем заказы…" />
      ) : list.orders.length === 0 ? (
        <p className={styles.empty}>{hasFilters(filters) ? 'По этим фильтрам заказов нет.' : 'Заказов пока нет.'}</p>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            Найдено: {plural(list.total, 'заказ', 'заказа', 'заказов')}
          </p>
          <ul className={styles.list} aria-label="Список заказов">
            {list.orders.map((order) => (
              <OrderRow key={order.number} order={order} listSearch={location.search} />
            ))}
          </ul>
          <Pagination filters={filters} total={list.total} pageSize={list.pageSize} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}

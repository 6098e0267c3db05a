import { Button } from '@shop/mf-shared/button';
import { fieldClassNames } from '@shop/mf-shared/text-field';
import type { FormEvent } from 'react';
import { MAX_QUERY_LENGTH, type OrderFilters, withFilter } from './order-filters.ts';
import desk from '../ui/desk.module.css';
import styles from './orders.module.css';

/**
 * Dates and the search box, applied together with «Найти». Uncontrolled: the page remounts it
 * (key = the address's query) whenever the address changes, so it always shows what is applied.
 */
const label = `${fieldClassNames.label} ${desk.label}`;
const input = `${fieldClassNames.input} ${desk.input}`;

export function FilterForm({ filters, onApply }: { filters: OrderFilters; onApply(filters: OrderFilters): void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    let from = text('from');
    let to = text('to');
    // «с 25-го по 20-е» is meant as the range between them.
    if (from && to && from > to) [from, to] = [to, from];
    onApply(withFilter(filters, { from, to, q: text('q').slice(0, MAX_QUERY_LENGTH) }));
  };
  return (
    <form className={styles.filters} onSubmit={submit} aria-label="Поиск заказов">
      <div className={`${desk.field} ${styles.search}`}>
        <label htmlFor="desk-q" className={label}>
          Номер, телефон или e-mail
        </label>
        <input id="desk-q" name="q" type="search" className={input} defaultValue={filters.q} maxLength={MAX_QUERY_LENGTH} />
      </div>
      <div className={desk.field}>
        <label htmlFor="desk-from" className={label}>
          С даты
        </label>
        <input id="desk-from" name="from" type="date" className={input} defaultValue={filters.from} />
      </div>
      <div className={desk.field}>
        <label htmlFor="desk-to" className={label}>
          По дату
        </label>
        <input id="desk-to" name="to" type="date" className={input} defaultValue={filters.to} />
      </div>
      <Button type="submit" className={`${desk.button} ${styles.find}`}>
        Найти
      </Button>
    </form>
  );
}

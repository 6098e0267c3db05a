import { useQuery } from '@apollo/client/react';
import { formatCount } from '@shop/contracts/format';
import { fieldClassNames } from '@shop/mf-shared';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';
import { PickupPointsDocument, type PickupPointsQuery } from '../graphql/generated.ts';
import styles from './checkout-form.module.css';

export type PickupPoint = PickupPointsQuery['pickupPoints']['points'][number];

const POINTS = { one: 'пункт', few: 'пункта', many: 'пунктов' } as const;

interface PickupPointFieldProps {
  cityCode: number;
  cityName: string;
  /** The chosen point's code ('' for none) and address (kept in the draft, shown after a reload). */
  value: string;
  address: string;
  error?: string;
  onChange(point: PickupPoint): void;
}

/**
 * The city's СДЭК pickup points as radio buttons (arrow keys move between them, a screen reader
 * reads each one's address, hours and how to find it), filtered by a search box on the street,
 * the metro or the point's code. The chosen point stays named above the list whatever is searched.
 */
export function PickupPointField({ cityCode, cityName, value, address, error, onChange }: PickupPointFieldProps) {
  const [search, setSearch] = useState('');
  const [asked] = useDebounce(search.trim(), 250);
  const { data, error: failed, loading } = useQuery(PickupPointsDocument, { variables: { cityCode, search: asked } });
  const list = data?.pickupPoints;
  const described = [error && 'checkout-pickupPointCode-error', 'checkout-pickupPointCode-status'].filter(Boolean).join(' ');

  return (
    <fieldset
      className={`${fieldClassNames.field} ${fieldClassNames.group}`}
      id="checkout-pickupPointCode"
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      tabIndex={-1}
    >
      <legend className={fieldClassNames.label}>Пункт выдачи СДЭК, {cityName}</legend>
      {value && address && (
        <p className={styles.chosen} data-testid="pickup-chosen">
          Выбран: {address}
        </p>
      )}
      <label className={styles.searchLabel} htmlFor="checkout-pickup-search">
        Найти пункт: улица, метро или код
      </label>
      <input
        id="checkout-pickup-search"
        className={fieldClassNames.input}
        type="search"
        value={search}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => setSearch(e.target.value)}
        // Enter in the search box looks, it does not send the order
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
      />
      <p id="checkout-pickupPointCode-status" className={fieldClassNames.hint} aria-live="polite">
        {failed
          ? 'Не удалось загрузить пункты выдачи. Проверьте соединение и попробуйте ещё раз.'
          : !list
            ? loading
              ? 'Загружаем пункты выдачи…'
              : ''
            : list.total === 0
              ? 'Ничего не нашлось: измените поиск'
              : list.total > list.points.length
                ? `Найдено ${formatCount(list.total, POINTS)}, показаны первые ${list.points.length}: уточните поиск`
                : `Найдено ${formatCount(list.total, POINTS)}`}
      </p>
      {list && list.points.length > 0 && (
        <ul className={styles.points}>
          {list.points.map((p) => (
            <li key={p.code}>
              <label className={styles.point}>
                <input type="radio" name="pickupPointCode" value={p.code} checked={value === p.code} onChange={() => onChange(p)} />
                <span className={styles.pointText}>
                  <span className={styles.pointAddress}>{p.address}</span>
                  <span>{p.workTime}</span>
                  {p.howToFind && <span className={styles.pointNote}>{p.howToFind}</span>}
                  <span className={styles.pointNote}>
                    {[p.nearestStation && `м. ${p.nearestStation}`, p.dressingRoom && 'есть примерочная', p.card ? 'оплата картой и наличными' : 'оплата наличными']
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="checkout-pickupPointCode-error" className={fieldClassNames.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

import type { OrderEvent } from '@shop/contracts/desk';
import { formatMoscow } from '../ui/format.ts';
import styles from './order.module.css';

/** Every change of the order: when, who, from → to, and the note; the newest first. */
export function OrderHistory({ history }: { history: OrderEvent[] }) {
  if (history.length === 0) return <p className={styles.muted}>Изменений пока не было.</p>;
  const events = [...history].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <ol className={styles.history} aria-label="История заказа">
      {events.map((event) => (
        <li key={`${event.at}-${event.from}-${event.to}-${event.actor}`} className={styles.event} data-testid="history-entry">
          <time dateTime={event.at} className={styles.muted}>
            {formatMoscow(event.at)}
          </time>
          <span>
            {event.fromTitle ? `${event.fromTitle} → ${event.toTitle}` : event.toTitle}
          </span>
          <span className={styles.muted}>{event.actorTitle || event.actor}</span>
          {event.note && <span className={styles.eventNote}>«{event.note}»</span>}
        </li>
      ))}
    </ol>
  );
}

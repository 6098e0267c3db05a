import { Button } from '@shop/mf-shared/button';
import type { DeskError } from '../api/desk-api.ts';
import styles from './desk.module.css';

/** A request that failed: the reason in Russian and «Повторить» (never a blank page). */
export function LoadError({ error, onRetry, title }: { error: DeskError; onRetry(): void; title?: string }) {
  return (
    <div role="alert" className={styles.error}>
      {title && <p className={styles.errorTitle}>{title}</p>}
      <p>{error.message}</p>
      <Button className={styles.button} onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}

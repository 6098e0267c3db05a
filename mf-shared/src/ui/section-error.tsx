import type { ShopperMessage } from '@shop/contracts/errors';
import { useEffect, useRef } from 'react';
import styles from './section-error.module.css';

export interface SectionErrorProps {
  title?: string;
  /**
   * What went wrong, in the shopper's words: `messageFor(error)` of @shop/contracts/errors (the
   * caller bundles it, so a remote's wording does not wait for a host release). Its title and
   * hint replace the defaults: offline reads «Проверьте соединение», a server error does not.
   */
  message?: Pick<ShopperMessage, 'title' | 'hint'>;
  onRetry?: () => void;
  /** Try again by itself this often while the page is visible, and when the browser comes back online. */
  autoRetryMs?: number;
}

export const AUTO_RETRY_MS = 15_000;

/**
 * The shopper-facing message for a part of the page that failed; the rest keeps working.
 * It also tries again by itself, so the section comes back when the service does.
 */
export function SectionError({ title, message, onRetry, autoRetryMs = AUTO_RETRY_MS }: SectionErrorProps) {
  const hint = message ? message.hint : 'Проверьте соединение и попробуйте ещё раз.';
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    if (!retry.current || autoRetryMs <= 0) return;
    const again = () => {
      if (document.visibilityState === 'visible') retry.current?.();
    };
    const timer = setInterval(again, autoRetryMs);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [autoRetryMs]);
  return (
    <div className={styles.box} role="alert">
      <p className={styles.title}>{message?.title ?? title ?? 'Не удалось загрузить раздел'}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Повторить
        </button>
      )}
    </div>
  );
}

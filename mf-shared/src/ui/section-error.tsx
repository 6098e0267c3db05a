import styles from './section-error.module.css';

export interface SectionErrorProps {
  title?: string;
  onRetry?: () => void;
}

/** The shopper-facing message for a part of the page that failed; the rest keeps working. */
export function SectionError({ title = 'Не удалось загрузить раздел', onRetry }: SectionErrorProps) {
  return (
    <div className={styles.box} role="alert">
      <p className={styles.title}>{title}</p>
      <p className={styles.hint}>Проверьте соединение и попробуйте ещё раз.</p>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Повторить
        </button>
      )}
    </div>
  );
}

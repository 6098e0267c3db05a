import styles from './spinner.module.css';

export function Spinner({ label = 'Загрузка...' }: { label?: string }) {
  return (
    <span className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

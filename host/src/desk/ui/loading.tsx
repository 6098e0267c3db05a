import styles from './desk.module.css';

export function Loading({ text = 'Загрузка…' }: { text?: string }) {
  return (
    <p className={styles.loading} role="status">
      {text}
    </p>
  );
}

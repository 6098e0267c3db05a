import styles from './status-badge.module.css';

export function StatusBadge({ status, title }: { status: string; title: string }) {
  return (
    <span className={styles.badge} data-status={status}>
      {title}
    </span>
  );
}

import styles from './product-skeleton.module.css';

/** The page's shape while the product loads, so the real page replaces it without jumping. */
export function ProductSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label="Загрузка товара">
      <div className={styles.crumbs} />
      <div className={styles.main}>
        <div className={styles.photo} />
        <div className={styles.summary}>
          <div className={styles.line} style={{ width: '30%' }} />
          <div className={styles.title} />
          <div className={styles.line} style={{ width: '50%' }} />
          <div className={styles.price} />
          <div className={styles.sizes} />
          <div className={styles.button} />
        </div>
      </div>
    </div>
  );
}

import { Spinner } from '@shop/mf-shared';
import styles from './page.module.css';

/**
 * The cart lives in the browser's storage, which the server does not have: until hydration the
 * server's HTML and the browser's first render both show the page's heading and a spinner (never
 * «Корзина пуста», which would be wrong for a shopper with a cart). Right after hydration
 * (mf-shared's useHydrated) the page renders the stored cart; in a page rendered only in the
 * browser that is its very first render.
 */
export function StoredCartPending({ title }: { title: string }) {
  return (
    <section className={styles.page} aria-busy="true">
      <h1 className={styles.title}>{title}</h1>
      <Spinner />
    </section>
  );
}

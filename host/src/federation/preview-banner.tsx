import type { PageState } from '../page-state.ts';
import styles from './preview-banner.module.css';

/**
 * «Предпросмотр: mf_catalog 0.1.0-…»: this browser opened a preview link (host/server/preview.ts)
 * and sees that release in place of the active one; shoppers never get this page. From the page
 * state the server wrote (the server render gets the same), so both render it alike.
 */
export function PreviewBanner({ preview }: { preview: PageState['preview'] }) {
  if (!preview) return null;
  return (
    <div className={styles.banner} role="status" data-testid="preview-banner">
      Предпросмотр: {preview.remote} {preview.version}{' '}
      <a className={styles.end} href="/__preview?end=1">
        Выйти из предпросмотра
      </a>
    </div>
  );
}

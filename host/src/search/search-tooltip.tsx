import { useHydrated } from '@shop/mf-shared';
import { useCookieNoticeShown } from '../cookie/cookie-notice.tsx';
import { useSearchIntro } from './search-intro.tsx';
import styles from './search-tooltip.module.css';

/**
 * The one-time «Помогу найти…» hint. Overlays rule: it is a row in the header's flow
 * under the search icon (and under the open search field), never laid over the field, a heading
 * or a form, and it waits while the cookie notice is up, so a first visit shows one at a time.
 *
 * Server rendering: like the cookie notice, the server's HTML always has the row, marked
 * `data-until-hydrated`; the stylesheet shows the marked row only when index.html's inline script
 * found the cookies accepted and the tooltip not yet seen, so the header has its final height in
 * the first paint and nothing moves at hydration.
 */
export function SearchTooltip() {
  const { tooltipVisible, dismissTooltip, openHelp } = useSearchIntro();
  const cookieNotice = useCookieNoticeShown();
  const hydrated = useHydrated();
  if (hydrated && (!tooltipVisible || cookieNotice)) return null;
  return (
    <div className={styles.row} data-until-hydrated={hydrated ? undefined : ''}>
      <div className={styles.tooltip} role="note" data-overlay="search-tooltip">
        <span className={styles.text}>Помогу найти то, что вам понравится</span>
        <button type="button" className={styles.more} onClick={openHelp}>
          Подробнее →
        </button>
        <button type="button" className={styles.close} aria-label="Закрыть подсказку" onClick={dismissTooltip}>
          ×
        </button>
      </div>
    </div>
  );
}

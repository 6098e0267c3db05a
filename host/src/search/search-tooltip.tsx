import { useSearchIntro } from './search-intro.tsx';
import styles from './search-tooltip.module.css';

export function SearchTooltip() {
  const { tooltipVisible, dismissTooltip, openHelp } = useSearchIntro();
  if (!tooltipVisible) return null;
  return (
    <div className={styles.tooltip} role="note">
      <span>Помогу найти то, что вам понравится</span>
      <button type="button" className={styles.more} onClick={openHelp}>
        Подробнее →
      </button>
      <button type="button" className={styles.close} aria-label="Закрыть подсказку" onClick={dismissTooltip}>
        ×
      </button>
    </div>
  );
}

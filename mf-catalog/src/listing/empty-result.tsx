import { Button } from '@shop/mf-shared';
import styles from './listing.module.css';

export function EmptyResult({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>Ничего не нашлось</p>
      <p>{filtered ? 'Под выбранные фильтры не подходит ни один товар.' : 'Попробуйте изменить запрос.'}</p>
      {filtered && (
        <Button className={styles.resetButton} onClick={onReset}>
          Сбросить фильтры
        </Button>
      )}
    </div>
  );
}

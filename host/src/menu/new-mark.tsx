import type { MenuItem } from './menu-types.ts';
import styles from './new-mark.module.css';

/**
 * The «НОВОЕ» badge after an item's name, in every menu. A space comes before it, so it reads as
 * its own word (screen readers say «Ботинки новое», not «Ботинкиновое»), and its margin keeps it
 * apart from the name wherever the name sits: a flex trigger, a block link in a panel.
 */
export function NewMark({ item }: { item: Pick<MenuItem, 'isNew'> }) {
  if (!item.isNew) return null;
  return (
    <>
      {' '}
      <span className={styles.new}>новое</span>
    </>
  );
}

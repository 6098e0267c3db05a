import { useFavourites } from '@shop/mf-shared';
import styles from './like-button.module.css';

/** «Избранное»: the same liked ids as the catalogue's cards and the header's heart count. */
export function LikeButton({ productId }: { productId: string }) {
  const liked = useFavourites((state) => state.ids.includes(productId));
  const toggle = useFavourites((state) => state.toggle);
  return (
    <button
      type="button"
      className={styles.like}
      aria-pressed={liked}
      aria-label="В избранное"
      title={liked ? 'Убрать из избранного' : 'Добавить в избранное'}
      onClick={() => toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

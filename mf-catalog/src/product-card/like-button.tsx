import { useFavourites } from '@shop/mf-shared';
import styles from './product-card.module.css';

export function LikeButton({ productId, name }: { productId: string; name: string }) {
  const liked = useFavourites((s) => s.ids.includes(productId));
  const toggle = useFavourites((s) => s.toggle);
  return (
    <button
      type="button"
      className={styles.like}
      aria-pressed={liked}
      aria-label={liked ? `Убрать из избранного: ${name}` : `В избранное: ${name}`}
      onClick={() => toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.6 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}

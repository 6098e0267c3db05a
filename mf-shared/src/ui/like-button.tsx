import { useFavourites } from '../favourites/favourites-store.ts';
import styles from './like-button.module.css';

export interface LikeButtonProps {
  productId: string;
  /** The product's name, read out with the button: «В избранное: …» / «Убрать из избранного: …». */
  name: string;
  /** Position and looks from the remote (its rules win over the defaults). */
  className?: string;
  /** The round button's side in px (44 by default; the heart is about half of it). */
  size?: number;
}

/** «Избранное»: one heart for the cards and the product page, the same ids as the header's count. */
export function LikeButton({ productId, name, className, size = 44 }: LikeButtonProps) {
  const liked = useFavourites((state) => state.ids.includes(productId));
  const toggle = useFavourites((state) => state.toggle);
  const icon = Math.round(size * 0.55);
  return (
    <button
      type="button"
      className={className ? `${styles.like} ${className}` : styles.like}
      style={{ width: size, height: size }}
      aria-pressed={liked}
      aria-label={liked ? `Убрать из избранного: ${name}` : `В избранное: ${name}`}
      onClick={() => toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width={icon} height={icon} aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.6 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

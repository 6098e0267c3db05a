import { buttonClassName } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import styles from './empty-cart.module.css';

export function EmptyCart({ title = 'Корзина пуста' }: { title?: string }) {
  return (
    <div className={styles.empty}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>
        Загляните в каталог: оригинальные кроссовки, кеды и одежда с бесплатной доставкой по России.
      </p>
      <Link to="/search" className={buttonClassName('accent', styles.link)}>
        Перейти в каталог
      </Link>
    </div>
  );
}

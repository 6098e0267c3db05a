import { Link } from 'react-router-dom';
import { SearchForm } from '../search/search-form.tsx';
import notFoundImage from './not-found.svg';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <img src={notFoundImage} alt="" width={240} height={160} className={styles.image} />
      <h1>Страница не найдена</h1>
      <p>Возможно, товар закончился или ссылка устарела. Попробуйте поиск или загляните в каталог.</p>
      <div className={styles.search}>
        <SearchForm autoFocus={false} />
      </div>
      <p className={styles.links}>
        <Link to="/">На главную</Link>
        <Link to="/search">Весь каталог</Link>
      </p>
    </section>
  );
}

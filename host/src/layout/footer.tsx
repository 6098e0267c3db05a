import { useShell } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import { ContactLinks } from './contact-links.tsx';
import styles from './footer.module.css';

export function Footer({ reviewsUrl }: { reviewsUrl?: string | undefined }) {
  const { shopName, contacts } = useShell();
  const hasContacts = Boolean(contacts.telegram || contacts.whatsapp || contacts.email);
  return (
    <footer className={styles.footer} id="contacts">
      <div className={styles.inner}>
        <div>
          <p className={styles.name}>{shopName}</p>
          <p className={styles.muted}>Оригинальные брендовые обувь и одежда. Бесплатная доставка по всей России.</p>
        </div>
        <nav aria-label="Разделы">
          <ul className={styles.list}>
            <li>
              <Link to="/search">Каталог</Link>
            </li>
            <li>
              <Link to="/cart">Корзина</Link>
            </li>
            {reviewsUrl && (
              <li>
                <a href={reviewsUrl} target="_blank" rel="noopener noreferrer">
                  Отзывы
                </a>
              </li>
            )}
          </ul>
        </nav>
        {hasContacts && (
          <div>
            <p className={styles.name}>Связаться с нами</p>
            <ContactLinks className={styles.list} />
          </div>
        )}
      </div>
      <p className={styles.copy}>© {new Date().getFullYear()} {shopName}</p>
    </footer>
  );
}

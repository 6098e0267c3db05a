import { useShell } from '@shop/mf-shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ContactLinks } from '../ui/contact-links.tsx';
import { CONTACTS_ID, hasContacts } from '../menu/contacts.ts';
import styles from './footer.module.css';

export function Footer({ reviewsUrl }: { reviewsUrl?: string | undefined }) {
  const { shopName, contacts } = useShell();
  const contactsShown = hasContacts(contacts);
  useScrollToContacts();
  // Without contacts every link to them is hidden, the remotes' too («Написать нам» on the hero):
  // global.css hides `a[href$="#contacts"]` under this mark. The server writes it into the page
  // (server/html.ts markContacts); this keeps it true to the configuration the app runs with.
  useEffect(() => {
    const root = document.documentElement;
    if (contactsShown) delete root.dataset.contacts;
    else root.dataset.contacts = 'none';
  }, [contactsShown]);
  return (
    <footer className={styles.footer} id={CONTACTS_ID}>
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
        {contactsShown && (
          <div>
            <p className={styles.name}>Связаться с нами</p>
            <ContactLinks className={styles.list} />
          </div>
        )}
      </div>
      {/* The year in the shop's time zone: the server (UTC) and a shopper's browser render the same
          one, except in the very second the year turns (the warning for that second is suppressed). */}
      <p className={styles.copy} suppressHydrationWarning>
        {`© ${moscowYear()} ${shopName}`}
      </p>
    </footer>
  );
}

/**
 * The year in Moscow, which keeps UTC+3 all year. Not Intl.DateTimeFormat with its time zone: the
 * first date format a page makes costs the browser tens of milliseconds of one task at start.
 */
function moscowYear(): number {
  return new Date(Date.now() + 3 * 60 * 60 * 1000).getUTCFullYear();
}

const SETTLE_MS = 2000;

/**
 * An in-app link to `#contacts` («Контакты» in the menu, «Написать нам») scrolls to the footer:
 * the router changes the address without the browser's own jump. The page above may still be
 * growing (a remote's content arriving), so the scroll follows the footer until it settles or
 * the shopper scrolls themselves.
 */
function useScrollToContacts() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to the hash (its key) scrolls again
  useEffect(() => {
    if (hash !== `#${CONTACTS_ID}`) return;
    const until = Date.now() + SETTLE_MS;
    let frame = 0;
    const follow = () => {
      document.getElementById(CONTACTS_ID)?.scrollIntoView({ block: 'start' });
      if (Date.now() < until) frame = requestAnimationFrame(follow);
    };
    follow();
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    window.addEventListener('keydown', stop, { once: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [hash, key]);
}

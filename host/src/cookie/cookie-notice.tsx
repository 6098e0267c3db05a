import { useState } from 'react';
import styles from './cookie-notice.module.css';

export const COOKIE_CONSENT_KEY = 'cookiesAccepted';

function accepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) !== null;
  } catch {
    return false;
  }
}

/** Shown while `cookiesAccepted` is absent; «Я понимаю» or the close button stores it (spec §2, §4). */
export function CookieNotice() {
  const [visible, setVisible] = useState(() => !accepted());
  if (!visible) return null;
  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    } catch {
      // hidden for this page at least
    }
    setVisible(false);
  };
  return (
    <section className={styles.notice} aria-labelledby="cookie-title">
      <button type="button" className={styles.close} aria-label="Закрыть" onClick={accept}>
        ×
      </button>
      <h2 id="cookie-title" className={styles.title}>
        Сайт использует файлы cookie
      </h2>
      <p className={styles.text}>
        Продолжая пользоваться сайтом, вы соглашаетесь с использованием файлов cookie.
      </p>
      <button type="button" className={styles.accept} onClick={accept}>
        Я понимаю
      </button>
    </section>
  );
}

import { Button, CloseButton, useBrowserSnapshot, useHydrated } from '@shop/mf-shared';
import styles from './cookie-notice.module.css';

export const COOKIE_CONSENT_KEY = 'cookiesAccepted';

function accepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) !== null;
  } catch {
    return false;
  }
}

// One answer for the whole page: the search tooltip waits while the notice is up (see overlays below).
let shown: boolean | null = null;
const listeners = new Set<() => void>();
const isShown = () => {
  shown ??= !accepted();
  return shown;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const hidden = () => false;

/** Whether the cookie notice is on the page now. */
export function useCookieNoticeShown(): boolean {
  return useBrowserSnapshot(subscribe, isShown, hidden);
}

function accept() {
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
  } catch {
    // hidden for this page at least
  }
  shown = false;
  for (const listener of listeners) listener();
}

/**
 * Shown while `cookiesAccepted` is absent; «Я понимаю» or the close button stores it.
 *
 * Overlays rule: the notice is not an overlay. It sits in the page's flow above the
 * header, so it never covers a heading, a form field, the order number or the «Товар в корзине!»
 * toast (the one overlay, at the bottom), and the search tooltip waits until it is gone, so a
 * first visit shows at most one of them.
 *
 * Server rendering: the server cannot read the browser's storage, so its HTML always
 * has the notice, marked `data-until-hydrated`. index.html's inline script (before the first
 * paint) marks `<html data-cookies-accepted>` when the choice is stored, and the stylesheet hides
 * the marked notice then: a first visit paints it at once, a returning visitor never sees it,
 * and nothing below moves when hydration drops it (it was never laid out). Putting it out of the
 * flow instead would break the overlays rule; showing it only after hydration would push the page
 * down. After hydration the mark is gone and the store below decides.
 */
export function CookieNotice() {
  const hydrated = useHydrated();
  const visible = useCookieNoticeShown();
  if (hydrated && !visible) return null;
  return (
    <section
      className={styles.notice}
      aria-labelledby="cookie-title"
      data-overlay="cookie-notice"
      data-until-hydrated={hydrated ? undefined : ''}
    >
      <div className={styles.inner}>
        <p className={styles.text}>
          <strong id="cookie-title" className={styles.title}>
            Сайт использует файлы cookie.
          </strong>{' '}
          Продолжая пользоваться сайтом, вы соглашаетесь с их использованием.
        </p>
        <Button className={styles.accept} onClick={accept}>
          Я понимаю
        </Button>
        <CloseButton className={styles.close} label="Закрыть" onClick={accept} />
      </div>
    </section>
  );
}

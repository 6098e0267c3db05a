import { CloseButton, Dialog, HydrateOnView } from '@shop/mf-shared';
import { memo, type Ref, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ContactLinks } from '../ui/contact-links.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import { wrapFocus } from '../ui/wrap-focus.ts';
import type { PublicConfig } from '../page-state.ts';
import { SearchForm } from '../search/search-form.tsx';
import { type MenuItem, SECTION_ROOT_LINK } from './menu-types.ts';
import { NewMark } from './new-mark.tsx';
import { useMenu } from './use-menu.ts';
import styles from './mobile-menu.module.css';

function MobileItem({ item }: { item: MenuItem }) {
  if ((item.children ?? []).length === 0) {
    return item.href ? (
      <Link to={item.href} className={styles.link}>
        {item.name}
        <NewMark item={item} />
      </Link>
    ) : null;
  }
  return (
    <details className={styles.group}>
      <summary className={styles.link}>
        {item.name}
        <NewMark item={item} />
      </summary>
      <ul className={styles.sub}>
        {item.href && (
          <li>
            <Link to={item.href} className={styles.link}>
              {SECTION_ROOT_LINK}
            </Link>
          </li>
        )}
        {(item.children ?? []).map((child) => (
          <li key={child.id}>
            <MobileItem item={child} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The slide-in drawer. A modal `<dialog>` traps focus, closes on Escape and gives focus
 * back to the button that opened it; it also closes on any navigation and on a link click.
 */
export function MobileMenu({ ref, config, onClose }: { ref: Ref<HTMLDialogElement>; config: PublicConfig; onClose(): void }) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a change of path or query
  useEffect(() => onClose(), [location.pathname, location.search]);
  return (
    <Dialog
      ref={ref}
      variant="sheet"
      className={styles.drawer}
      aria-label="Меню"
      onKeyDown={wrapFocus}
      onDismiss={onClose}
      dismissOnBackdrop
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a[href]')) onClose();
      }}
    >
      <DrawerContent config={config} onClose={onClose} />
    </Dialog>
  );
}

/**
 * The drawer's content, closed until the burger is tapped: it hydrates when it shows (or is
 * touched), not with the page. Memoised: the header renders again after it hydrates, and a
 * section that waits to hydrate opens as soon as it is rendered again.
 */
const DrawerContent = memo(function DrawerContent({ config, onClose }: { config: PublicConfig; onClose(): void }) {
  return (
    <HydrateOnView className={styles.inner}>
      <DrawerBody config={config} onClose={onClose} />
    </HydrateOnView>
  );
});

/** Inside the section: the menu is read from the cache when the drawer's content hydrates. */
function DrawerBody({ config, onClose }: { config: PublicConfig; onClose(): void }) {
  const items = useMenu();
  return (
    <>
      <div className={styles.top}>
        <Link to="/" className={styles.logo}>
          {config.shopName}
        </Link>
        <CloseButton className={styles.close} label="Закрыть меню" onClick={onClose}>
          <CloseIcon />
        </CloseButton>
      </div>
      <p className={styles.tagline}>Оригинальные обувь и одежда с {config.marketplace}</p>
      <ContactLinks className={styles.social} />
      <SearchForm autoFocus={false} />
      <label className={styles.selector}>
        <span>Валюта и язык</span>
        <select defaultValue="ru-RUB">
          <option value="ru-RUB">Русский · ₽ RUB</option>
        </select>
      </label>
      <ul className={styles.items}>
        {items.map((item) => (
          <li key={item.id}>
            <MobileItem item={item} />
          </li>
        ))}
      </ul>
      {config.reviewsUrl && (
        <a className={styles.reviews} href={config.reviewsUrl} target="_blank" rel="noopener noreferrer">
          Отзывы наших клиентов
        </a>
      )}
    </>
  );
}

import { formatCount, GOODS } from '@shop/contracts/format';
import { cartCount, HydrateOnView, useCart, useFavourites, useShell } from '@shop/mf-shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DesktopMenu } from '../menu/desktop-menu.tsx';
import { MobileMenu } from '../menu/mobile-menu.tsx';
import { useMenu } from '../menu/use-menu.ts';
import type { PublicConfig } from '../page-state.ts';
import { SearchForm } from '../search/search-form.tsx';
import { SearchTooltip } from '../search/search-tooltip.tsx';
import { useTheme } from '../theme/theme.ts';
import styles from './header.module.css';
import { CartIcon, HeartIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from '../ui/icons.tsx';

/**
 * The desktop menu bar, hidden below 1024 px: a phone never hydrates it (nor its ~130 elements),
 * a wider screen at once. One element for every render: the header renders again after it hydrates
 * (its search toggle, the address), and a section that waits to hydrate opens when rendered again.
 */
const DESKTOP_NAV = (
  <HydrateOnView className={styles.desktopNav}>
    <DesktopMenuSection />
  </HydrateOnView>
);

function DesktopMenuSection() {
  return <DesktopMenu items={useMenu()} />;
}

export function Header({ config }: { config: PublicConfig }) {
  const { shopName } = useShell();
  const location = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const header = useRef<HTMLElement>(null);
  const closeDrawer = useCallback(() => drawer.current?.close(), []);

  useHeaderHeight(header);

  // The search form closes whenever the path or the query changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacting to the change is the point
  useEffect(() => setSearchOpen(false), [location.pathname, location.search]);

  return (
    <header ref={header} className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={`${styles.icon} ${styles.burger}`}
          aria-label="Открыть меню"
          aria-haspopup="dialog"
          onClick={() => drawer.current?.showModal()}
        >
          <MenuIcon />
        </button>
        <Link to="/" className={styles.logo} aria-label={`${shopName} — на главную`}>
          {shopName}
        </Link>
        {DESKTOP_NAV}
        <div className={styles.actions}>
          <div className={styles.searchWrap}>
            <button
              type="button"
              className={styles.icon}
              aria-label="Поиск"
              aria-expanded={searchOpen}
              onClick={() => setSearchOpen((open) => !open)}
            >
              <SearchIcon />
            </button>
          </div>
          <ShopButtons />
        </div>
      </div>
      {searchOpen && (
        <div className={styles.searchRow}>
          <SearchForm onClose={() => setSearchOpen(false)} />
        </div>
      )}
      <SearchTooltip />
      <MobileMenu ref={drawer} config={config} onClose={closeDrawer} />
    </header>
  );
}

/** The room between the header and what stops below it (global.css's 72 px before the header runs: 64 + 8). */
const BELOW_HEADER_PX = 8;

/**
 * The sticky header's height (with the open search and the tooltip row) plus a gap as the page's
 * `scroll-padding-top`: focus moves and #anchors stop below it. Set as that property alone: an
 * inherited custom property changed on the root had the browser work out every element's style
 * again as the header hydrated (10 ms of a long category page's start here).
 */
function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const padding = `${element.offsetHeight + BELOW_HEADER_PX}px`;
      if (root.scrollPaddingTop !== padding) root.scrollPaddingTop = padding;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [header]);
}

/** The theme switch, the favourites link and the cart button, each with its count. */
function ShopButtons() {
  const count = useCart((state) => cartCount(state.items));
  const togglePanel = useCart((state) => state.togglePanel);
  const favourites = useFavourites((state) => state.ids.length);
  const [theme, toggleTheme] = useTheme();
  return (
    <>
      <button
        type="button"
        className={styles.icon}
        aria-label={theme === 'dark' ? 'Включить светлую тему' : 'Включить тёмную тему'}
        onClick={toggleTheme}
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
      <Link
        to="/favourites"
        className={styles.icon}
        aria-label={favourites > 0 ? `Избранное: ${favourites}` : 'Избранное'}
      >
        <HeartIcon />
        {favourites > 0 && (
          <span className={styles.badge} data-testid="favourites-count">
            {favourites}
          </span>
        )}
      </Link>
      <button
        type="button"
        className={styles.icon}
        // The name holds the number the badge shows («Корзина: 0 товаров»): what is read out and
        // what voice control matches is what the shopper sees.
        aria-label={`Корзина: ${formatCount(count, GOODS)}`}
        // The panel opens only when there is something in it.
        onClick={() => count > 0 && togglePanel()}
      >
        <CartIcon />
        <span className={styles.badge} data-testid="cart-count" data-empty={count === 0 || undefined}>
          {count}
        </span>
      </button>
    </>
  );
}

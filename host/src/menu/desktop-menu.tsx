import { Photo } from '@shop/mf-shared';
import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { type MenuItem, SECTION_ROOT_LINK } from './menu-types.ts';
import { NewMark } from './new-mark.tsx';
import styles from './desktop-menu.module.css';

function ItemLink({ item, className }: { item: MenuItem; className?: string | undefined }) {
  if (!item.href) {
    return (
      <span className={className}>
        {item.name}
        <NewMark item={item} />
      </span>
    );
  }
  return (
    <Link to={item.href} className={className}>
      {item.name}
      <NewMark item={item} />
    </Link>
  );
}

/**
 * What every panel of the desktop menu (dropdown, nested dropdown, mega menu) does: it opens on
 * mouse enter and on its button, and closes on mouse leave, on Escape (the innermost open panel
 * only, focus back on its button) and when focus moves out of it (Tab past its last link, a click
 * elsewhere), and after a link in it is followed. A click on a non-focusable spot inside, under
 * the mouse, or on a nested dropdown's button keeps it open.
 */
function usePanel() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return {
    open,
    /** For the panel's clicks: a followed link closes it; a nested dropdown's button does not. */
    closeOnLink: (event: MouseEvent) => {
      if ((event.target as Element).closest('a[href]')) setOpen(false);
    },
    item: {
      onMouseEnter: () => setOpen(true),
      onMouseLeave: () => setOpen(false),
      onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        trigger.current?.focus();
      },
      onBlur: (event: FocusEvent<HTMLLIElement>) => {
        const next = event.relatedTarget;
        if (next instanceof Node && event.currentTarget.contains(next)) return;
        if (next === null && event.currentTarget.matches(':hover')) return;
        setOpen(false);
      },
    },
    trigger: {
      ref: trigger,
      'aria-expanded': open,
      onClick: () => setOpen((o) => !o),
    },
  };
}

/** A dropdown, nested to any depth: a link to the section itself when it has one, then its children. */
function Dropdown({ item, nested = false }: { item: MenuItem; nested?: boolean }) {
  const { open, closeOnLink, item: handlers, trigger } = usePanel();
  return (
    <li className={nested ? styles.nestedItem : styles.item} data-open={open || undefined} {...handlers}>
      <button type="button" className={styles.trigger} {...trigger}>
        {item.name}
        <NewMark item={item} />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes after a link inside is followed; links handle keys themselves */}
      <ul className={nested ? styles.subPanel : styles.panel} hidden={!open} onClick={closeOnLink}>
        {item.href && (
          <li>
            <Link to={item.href} className={styles.panelLink}>
              {SECTION_ROOT_LINK}
            </Link>
          </li>
        )}
        {(item.children ?? []).map((child) =>
          (child.children ?? []).length > 0 ? (
            <Dropdown key={child.id} item={child} nested />
          ) : (
            <li key={child.id}>
              <ItemLink item={child} className={styles.panelLink} />
            </li>
          ),
        )}
      </ul>
    </li>
  );
}

/**
 * A mega menu: a link to the section itself when it has one, its children as columns of links,
 * and the side panel the menu data gives.
 */
function MegaMenu({ item }: { item: MenuItem }) {
  const { open, closeOnLink, item: handlers, trigger } = usePanel();
  const panel = item.panel;
  return (
    <li className={styles.item} data-open={open || undefined} {...handlers}>
      <button type="button" className={styles.trigger} {...trigger}>
        {item.name}
        <NewMark item={item} />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes after a link inside is followed; links handle keys themselves */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: same */}
      <div className={styles.mega} hidden={!open} onClick={closeOnLink}>
        <div className={styles.columns}>
          {item.href && (
            <Link to={item.href} className={styles.megaRoot}>
              {SECTION_ROOT_LINK}
            </Link>
          )}
          {(item.children ?? []).map((column) => (
            <div key={column.id}>
              <ItemLink item={column} className={styles.columnTitle} />
              <ul>
                {(column.children ?? []).map((child) => (
                  <li key={child.id}>
                    <ItemLink item={child} className={styles.panelLink} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {panel && (
          <aside className={styles.side}>
            {panel.image && (
              <Photo image={panel.image} sizes="240px" className={styles.sideImage} />
            )}
            <p className={styles.sideTitle}>{panel.title}</p>
            {panel.text && <p className={styles.sideText}>{panel.text}</p>}
            {panel.href && (
              <Link to={panel.href} className={styles.sideLink}>
                Смотреть →
              </Link>
            )}
          </aside>
        )}
      </div>
    </li>
  );
}

export function DesktopMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav className={styles.nav} aria-label="Основное меню">
      <ul className={styles.list}>
        {items.map((item) => {
          if (item.type === 'MEGA_MENU') return <MegaMenu key={item.id} item={item} />;
          if (item.type === 'DROPDOWN' && (item.children ?? []).length > 0) return <Dropdown key={item.id} item={item} />;
          return (
            <li key={item.id} className={styles.item}>
              <ItemLink item={item} className={styles.trigger} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

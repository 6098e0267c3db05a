import { Photo } from '@shop/mf-shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MenuItem } from './menu-types.ts';
import styles from './desktop-menu.module.css';

function NewMark({ item }: { item: MenuItem }) {
  return item.isNew ? <span className={styles.new}>новое</span> : null;
}

function ItemLink({ item, className }: { item: MenuItem; className?: string | undefined }) {
  if (!item.href) return <span className={className}>{item.name}</span>;
  return (
    <Link to={item.href} className={className}>
      {item.name}
      <NewMark item={item} />
    </Link>
  );
}

/** Dropdowns (nested to any depth) open on mouse enter and close on mouse leave; keyboard users get focus-within. */
function Dropdown({ item, nested = false }: { item: MenuItem; nested?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li
      className={nested ? styles.nestedItem : styles.item}
      data-open={open || undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button type="button" className={styles.trigger} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {item.name}
        <NewMark item={item} />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes after a link inside is followed; links handle keys themselves */}
      <ul className={nested ? styles.subPanel : styles.panel} hidden={!open} onClick={() => setOpen(false)}>
        {item.href && (
          <li>
            <Link to={item.href} className={styles.panelLink}>
              Смотреть все
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

/** A mega menu: its children as columns of links, and the side panel the menu data gives. */
function MegaMenu({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  const panel = item.panel;
  return (
    <li className={styles.item} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button type="button" className={styles.trigger} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {item.name}
        <NewMark item={item} />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes after a link inside is followed; links handle keys themselves */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: same */}
      <div className={styles.mega} hidden={!open} onClick={() => setOpen(false)}>
        <div className={styles.columns}>
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

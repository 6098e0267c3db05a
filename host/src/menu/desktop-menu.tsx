import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MenuItem } from './menu-types.ts';
import styles from './desktop-menu.module.css';

function NewMark({ item }: { item: MenuItem }) {
  return item.isNew ? <span className={styles.new}>new</span> : null;
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
      <ul className={nested ? styles.subPanel : styles.panel} hidden={!open}>
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

/** A mega menu: columns of links (the children with children) and a side panel (the leaf children). */
function MegaMenu({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  const columns = (item.children ?? []).filter((c) => (c.children ?? []).length > 0);
  const side = (item.children ?? []).filter((c) => (c.children ?? []).length === 0);
  return (
    <li className={styles.item} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button type="button" className={styles.trigger} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {item.name}
        <NewMark item={item} />
      </button>
      <div className={styles.mega} hidden={!open}>
        <div className={styles.columns}>
          {columns.map((column) => (
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
        {side.length > 0 && (
          <ul className={styles.side}>
            {side.map((child) => (
              <li key={child.id}>
                <ItemLink item={child} className={styles.panelLink} />
              </li>
            ))}
          </ul>
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

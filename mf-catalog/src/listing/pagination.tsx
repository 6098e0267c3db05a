import { Link } from 'react-router-dom';
import styles from './listing.module.css';

/** Page numbers to show: all of a short run, otherwise the ends and the neighbours of the current one. */
export function pageNumbers(current: number, total: number): (number | 'gap')[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(p - last === 2 ? last + 1 : 'gap');
    out.push(p);
  }
  return out;
}

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages < 2) return null;
  return (
    <nav className={styles.pagination} aria-label="Страницы">
      <ul>
        {pageNumbers(page, pages).map((p, i) => (
          <li key={p === 'gap' ? `gap${i}` : p}>
            {p === 'gap' ? (
              <span className={styles.gap}>…</span>
            ) : p === page ? (
              <span className={styles.pageCurrent} aria-current="page">
                {p}
              </span>
            ) : (
              <Link className={styles.pageLink} to={href(p)} aria-label={`Страница ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { formatCount, GOODS } from '@shop/contracts/format';
import { Button } from '@shop/mf-shared';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styles from './listing.module.css';
import type { SearchHint } from './use-listing-products.ts';

const quoted = (words: string[]) => words.map((w) => `«${w}»`).join(', ');

/** Why the search found nothing, in the shopper's words: the article, the words no product has, or the words together. */
function reason(hint: SearchHint): string {
  if (hint.article) return `Товара с артикулом «${hint.article.toUpperCase()}» в каталоге нет.`;
  if (hint.unmatched.length === 1) return `Слово «${hint.unmatched[0]}» не встречается ни в одном товаре.`;
  if (hint.unmatched.length > 1) return `Слова ${quoted(hint.unmatched)} не встречаются ни в одном товаре.`;
  return 'Все слова запроса вместе не встречаются ни в одном товаре.';
}

/**
 * An empty listing. After a search the API says why (SearchHint) and what does find something:
 * each offer is a search link keeping the listing's filters, with its count.
 */
export function EmptyResult({ filtered, onReset, hint }: { filtered: boolean; onReset: () => void; hint?: SearchHint | null }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const searchHref = (query: string) => {
    const next = new URLSearchParams(params);
    next.set('search', query);
    next.delete('page');
    return `${pathname}?${next}`;
  };
  const offers = hint?.alternatives ?? [];
  return (
    <div className={styles.empty} role="status" data-testid="listing-empty">
      <p className={styles.emptyTitle}>Ничего не нашлось</p>
      {hint && <p className={styles.emptyReason}>{reason(hint)}</p>}
      {offers.length > 0 ? (
        <>
          <p>{hint?.article ? 'Возможно, вы искали:' : 'Попробуйте:'}</p>
          <ul className={styles.emptyOffers} data-testid="search-alternatives">
            {offers.map((a) => (
              <li key={a.query}>
                <Link to={searchHref(a.query)}>{a.title ? `${a.query} — ${a.title}` : `«${a.query}»`}</Link>
                <span className={styles.emptyCount}>
                  {a.title || !a.without.length ? '' : ` без ${quoted(a.without)}`} — {formatCount(a.totalCount, GOODS)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{filtered ? 'Под выбранные фильтры не подходит ни один товар.' : 'Попробуйте изменить запрос.'}</p>
      )}
      {hint && hint.categories.length > 0 && (
        <nav className={styles.emptyCategories} aria-label="Разделы каталога">
          <span>{offers.length ? 'Или посмотрите раздел:' : 'Посмотрите разделы каталога:'}</span>
          {hint.categories.map((c) => (
            <Link key={c.id} to={c.webPath}>
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      {filtered && (
        <Button className={styles.resetButton} onClick={onReset}>
          Сбросить фильтры
        </Button>
      )}
    </div>
  );
}

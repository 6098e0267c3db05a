import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import styles from './listing.module.css';
import { ListingView } from './listing-view.tsx';
import { SEARCH_SCHEME } from './url-state.ts';

const byName = (property: { name: string }) => property.name;

/** The words the API searched for, when they differ from what was typed (typos, layout, morphology). */
export function correctedQuery(typed: string, searchWords: string[] | null): string | null {
  if (!searchWords?.length) return null;
  const corrected = searchWords.join(' ');
  const normal = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  return corrected === normal ? null : corrected;
}

/** Search results: the whole catalogue for an empty query, relevance first. */
export function SearchView() {
  const [params] = useSearchParams();
  const text = (params.get('search') ?? '').trim();
  const scope = useMemo(() => (text ? { search: text } : {}), [text]);
  const header = (
    <header className={styles.header}>
      <h1 className={styles.heading}>{text ? `Результаты поиска «${text}»` : 'Каталог'}</h1>
    </header>
  );
  return (
    <ListingView
      key={text}
      scope={scope}
      scheme={SEARCH_SCHEME}
      listName="Поиск"
      header={header}
      propertyKey={byName}
      renderNotice={(words) => {
        const corrected = correctedQuery(text, words);
        return corrected ? (
          <p className={styles.notice} data-testid="search-corrected">
            Показаны результаты по запросу «<strong>{corrected}</strong>»
          </p>
        ) : null;
      }}
    />
  );
}

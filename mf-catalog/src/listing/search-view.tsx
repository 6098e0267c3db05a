import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import styles from './listing.module.css';
import { ListingView } from './listing-view.tsx';
import { SEARCH_SCHEME } from './url-state.ts';

const byName = (property: { name: string }) => property.name;

/**
 * «Показаны результаты по запросу …» only when the API says it corrected the query (a typo, the
 * keyboard layout) and found something: a correctly typed query, a word form or
 * an empty result never gets the notice.
 */
export function searchNotice(searchCorrected: string | null, totalCount: number): string | null {
  return searchCorrected && totalCount > 0 ? searchCorrected : null;
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
      renderNotice={(searchCorrected, totalCount) => {
        const corrected = searchNotice(searchCorrected, totalCount);
        return corrected ? (
          <p className={styles.notice} data-testid="search-corrected">
            Показаны результаты по запросу «<strong>{corrected}</strong>»
          </p>
        ) : null;
      }}
    />
  );
}

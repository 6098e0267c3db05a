import { CombinedGraphQLErrors } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { messageFor } from '@shop/contracts/errors';
import { formatCount, GOODS } from '@shop/contracts/format';
import { SectionError, Spinner, useHydrated } from '@shop/mf-shared';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ListingFiltersDocument, ListingPropertiesDocument, type ListingScopeInput } from '../graphql/generated.ts';
import { DESKTOP_QUERY, useMediaQuery, WIDE_QUERY } from '../ui/use-media-query.ts';
import { AppliedFilters, hiddenFilters, type KnownProperty } from './applied-filters.tsx';
import { DesktopFilters, type FiltersProps } from './desktop-filters.tsx';
import { EmptyResult } from './empty-result.tsx';
import { type PropertyFacet, pageFacets } from './facets.ts';
import styles from './listing.module.css';
import { MobileFilters } from './mobile-filters.tsx';
import { Pagination } from './pagination.tsx';
import { priceBounds } from './price-range.ts';
import { ProductGrid } from './product-grid.tsx';
import sidebarStyles from './sidebar.module.css';
import { SidebarFilters } from './sidebar-filters.tsx';
import {
  activeFilterCount,
  isPropertyParam,
  PAGE_SIZE,
  queryHref,
  toFilterInput,
  type ListingState,
  type UrlScheme,
  type KnownProperties,
  unknownValues,
  unusableParams,
  withKnownProperties,
  writeListingState,
} from './url-state.ts';
import { useListingProducts } from './use-listing-products.ts';
import { useListingUrl } from './use-listing-url.ts';

export interface ListingViewProps {
  scope: ListingScopeInput;
  scheme: UrlScheme;
  /** The list's name in analytics («Кроссовки», «Поиск»); empty until known, and nothing is reported before. */
  listName: string;
  /** Heading block above the filters. */
  header: ReactNode;
  /** Shown under the results (a category's or brand's description). */
  footer?: ReactNode;
  /** False while the header's own data is still loading (it is part of the first render, see below). */
  headerReady?: boolean;
  /** What the results heading adds for search (the corrected query). */
  renderNotice?: (searchCorrected: string | null, totalCount: number) => ReactNode;
  propertyKey: (property: PropertyFacet) => string;
}

/** An answer the API refused because of what the link asked (not the connection). */
const isBadLink = (error: unknown) =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'BAD_USER_INPUT');

/**
 * The listing before its first answers: marked busy (`aria-busy`), so a screen reader waits for the results and
 * the release smoke tells «still loading» from «loaded, and nothing found».
 */
function InitialSpinner() {
  return (
    <div className={styles.page} data-testid="catalog-listing" aria-busy="true">
      <div className={styles.initial}>
        <Spinner />
      </div>
    </div>
  );
}

/**
 * A category, brand or search listing: filters, sort, results and pages, all kept in the URL.
 * A link's property filters are checked against the catalogue's properties (one small answer,
 * kept for the catalogue's TTL) before the listing is asked: the API refuses a whole request
 * naming a property it does not have (`?f99=x`), so such a key is dropped and said so.
 */
export function ListingView(props: ListingViewProps) {
  const [params] = useSearchParams();
  const known = useQuery(ListingPropertiesDocument);
  const linkProperties = [...params.keys()].some(isPropertyParam);
  if (linkProperties && !known.data && !known.error) return <InitialSpinner />;
  return <ListingContent {...props} properties={known.data?.properties} />;
}

/**
 * The URL's listing state without the property filters and values the catalogue does not have
 * (the API refuses a whole request naming an unknown property; an unknown value would show as a
 * filter that narrows nothing), with what was dropped and the link without it.
 */
function useKnownPropertiesOnly(
  urlState: ListingState,
  scheme: UrlScheme,
  properties: readonly KnownProperty[] | undefined,
) {
  const known = useMemo<KnownProperties | undefined>(() => {
    if (!properties) return undefined;
    const byKey = new Map(properties.flatMap((p) => [[p.id, p] as const, [p.name, p] as const]));
    return (key, value) => {
      const property = byKey.get(key);
      return Boolean(property && (value === undefined || property.values.includes(value)));
    };
  }, [properties]);
  const state = useMemo(() => (known ? withKnownProperties(urlState, known) : urlState), [urlState, known]);
  const [params] = useSearchParams();
  const ignored = useMemo(() => unusableParams(params, scheme, known), [params, scheme, known]);
  const ignoredValues = useMemo(
    () =>
      [...params]
        .filter(([name]) => isPropertyParam(name) && known?.(name.slice(1)))
        .flatMap(([name, value]) => {
          const title = properties?.find((p) => p.id === name.slice(1) || p.name === name.slice(1))?.title ?? 'Свойство';
          return unknownValues(name.slice(1), value, known).map((v) => `${title} «${v}»`);
        }),
    [params, known, properties],
  );
  const cleanHref = useMemo(() => queryHref(writeListingState(state, scheme, params)), [state, scheme, params]);
  return { state, ignored, ignoredValues, cleanHref };
}

/** The page of results and the filters (with their counts) for the listing's state. */
function useListingQueries(scope: ListingScopeInput, state: ListingState) {
  const filter = useMemo(() => toFilterInput(state), [state]);
  const products = useListingProducts({
    scope,
    filter,
    sort: state.sort,
    offset: (state.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const filters = useQuery(ListingFiltersDocument, { variables: { scope, filter } });
  return { products, filters };
}

function ListingTotal({ total }: { total: number }) {
  return (
    <p className={styles.total} data-testid="listing-total" aria-live="polite">
      {formatCount(total, GOODS)}
    </p>
  );
}

/**
 * The first render waits for the heading, the filters and the first results together: shown one by one, each
 * answer would push the others down the screen (a layout shift the shopper sees as a jumping page). A failed
 * query does not hold the page: its section shows its own error.
 * Deferred, so that first render of the whole page runs as a background render React splits into short slices.
 */
function useFirstAnswers(allAnswered: boolean) {
  return useDeferredValue(allAnswered);
}

function ListingContent({
  scope,
  scheme,
  listName,
  header,
  footer,
  headerReady = true,
  renderNotice,
  propertyKey,
  properties,
}: ListingViewProps & { properties: readonly KnownProperty[] | undefined }) {
  const url = useListingUrl(scheme);
  const { apply, resetAll, resetHref, pageHref } = url;
  // the address the results are for: the browser's address changes before React renders them
  const { search } = useLocation();
  const { state, ignored, ignoredValues, cleanHref } = useKnownPropertiesOnly(url.state, scheme, properties);
  const { products, filters } = useListingQueries(scope, state);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  const hydrated = useHydrated();
  const list = products.list;
  const filterData = filters.data?.productFilters ?? filters.previousData?.productFilters;
  const items = list?.items ?? [];
  const facets = pageFacets(filterData, scope);
  const bounds = priceBounds(filterData?.minPriceInRUBFrom, filterData?.minPriceInRUBTo);

  const top = useScrollToTopOnNewPage(state.page);

  const filterProps: FiltersProps = { state, ...facets, bounds, sortSet: scheme.sortSet, propertyKey, apply };
  const total = list?.totalCount ?? 0;
  const pages = Math.ceil(total / PAGE_SIZE);

  const firstAnswers = useFirstAnswers(
    headerReady && Boolean(filterData || filters.error) && Boolean(list || products.error),
  );
  if (!firstAnswers) return <InitialSpinner />;
  const applied = hiddenFilters({ state, data: filterData, offered: facets, properties: properties ?? [] });
  const beyondLastPage = Boolean(list && items.length === 0 && total > 0 && state.page > pages);

  return (
    <div className={styles.page} data-testid="catalog-listing" data-search={search}>
      {header}
      <div className={sidebarStyles.layout}>
        {/* After hydration only: its column is reserved by the grid (nothing moves when it comes), and
            rendered before it would make phones load its lazy price slider for a hidden sidebar. */}
        {wide && <SidebarFilters {...filterProps} resetHref={resetHref} />}
        <div className={sidebarStyles.main}>
          <div ref={top} className={styles.toolbar}>
            <FiltersToolbar
              filterProps={filterProps}
              scope={scope}
              resetAll={resetAll}
              hydrated={hydrated}
              wide={wide}
              desktop={desktop}
            />
          </div>
          {list && <ListingTotal total={total} />}
          <AppliedFilters filters={applied} apply={apply} ignored={ignored} ignoredValues={ignoredValues} cleanHref={cleanHref} />
          {list && renderNotice?.(list.searchCorrected, list.totalCount)}
          <ListingResults
            products={products}
            listName={listName}
            offset={(state.page - 1) * PAGE_SIZE}
            beyondLastPage={beyondLastPage}
            pages={pages}
            filtered={activeFilterCount(state) > 0}
            resetHref={resetHref}
            pageHref={pageHref}
            resetAll={resetAll}
          />
          {list && !beyondLastPage && <Pagination page={state.page} pages={pages} href={pageHref} />}
        </div>
      </div>
      {footer}
    </div>
  );
}

/** A new page of results starts at the top of the list, not wherever the pagination was. */
function useScrollToTopOnNewPage(current: number) {
  const top = useRef<HTMLDivElement>(null);
  const page = useRef(current);
  useEffect(() => {
    if (page.current === current) return;
    page.current = current;
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [current]);
  return top;
}

interface FiltersToolbarProps {
  filterProps: FiltersProps;
  scope: ListingScopeInput;
  resetAll: () => void;
  hydrated: boolean;
  wide: boolean;
  desktop: boolean;
}

/** The filter row above the results: the one for the screen's width (none from 1440 px, where the sidebar has them). */
function FiltersToolbar({ filterProps, scope, resetAll, hydrated, wide, desktop }: FiltersToolbarProps) {
  if (hydrated) {
    if (wide) return null;
    return desktop ? (
      <DesktopFilters {...filterProps} />
    ) : (
      <MobileFilters {...filterProps} scope={scope} resetAll={resetAll} />
    );
  }
  // Server rendering: the server knows no screen width, so its HTML (and the hydration render)
  // has both rows and the stylesheet shows the one for the width (none from 1440 px, where the
  // sidebar's reserved column has them); after hydration only that one is rendered, so nothing
  // below moves.
  return (
    <>
      <div className={styles.narrowOnly}>
        <MobileFilters {...filterProps} scope={scope} resetAll={resetAll} />
      </div>
      <div className={styles.desktopOnly}>
        <DesktopFilters {...filterProps} />
      </div>
    </>
  );
}

interface ListingResultsProps {
  products: ReturnType<typeof useListingProducts>;
  listName: string;
  offset: number;
  beyondLastPage: boolean;
  pages: number;
  filtered: boolean;
  resetHref: string;
  pageHref: (page: number) => string;
  resetAll: () => void;
}

/** The results, or why there are none: a link the API refused, a failed answer, a page past the last, no match. */
function ListingResults({
  products,
  listName,
  offset,
  beyondLastPage,
  pages,
  filtered,
  resetHref,
  pageHref,
  resetAll,
}: ListingResultsProps) {
  const list = products.list;
  const items = list?.items ?? [];
  return (
    <>
      {products.error && !list && isBadLink(products.error) ? (
        <div className={styles.results} data-testid="listing-bad-link">
          <p>В ссылке есть параметры, которые магазин не понимает, поэтому список не открылся.</p>
          <Link to={resetHref}>Открыть без фильтров</Link>
        </div>
      ) : products.error && !list ? (
        <SectionError message={messageFor(products.error)} onRetry={products.refetch} />
      ) : !list ? (
        <div className={styles.initial} aria-busy="true">
          <Spinner />
        </div>
      ) : (
        <div className={styles.results} aria-busy={products.loading}>
          {items.length ? (
            <ProductGrid products={items} listName={listName} offset={offset} />
          ) : beyondLastPage ? (
            <div data-testid="listing-beyond-last-page">
              <p>Такой страницы в списке нет: в нём {pages} стр.</p>
              <Link to={pageHref(1)}>Перейти на первую страницу</Link>
            </div>
          ) : (
            <EmptyResult filtered={filtered} onReset={resetAll} hint={list.searchHint} />
          )}
          {products.loading && (
            <div className={styles.overlay} data-testid="listing-loading">
              <Spinner />
            </div>
          )}
        </div>
      )}
    </>
  );
}

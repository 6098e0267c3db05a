import { messageFor } from '@shop/contracts/errors';
import { formatCount, GOODS } from '@shop/contracts/format';
import { buttonClassName, SectionError, Spinner, useFavourites, useHydrated } from '@shop/mf-shared';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styles from '../listing/listing.module.css';
import { ProductGrid } from '../listing/product-grid.tsx';
import { useListingProducts } from '../listing/use-listing-products.ts';
import { favouritesShown, goneFromCatalogue, MAX_SHOWN } from './favourites-list.ts';
import own from './favourites-view.module.css';

/**
 * «Избранное» (/favourites): the liked products (ids kept in the browser by mf-shared's store)
 * as product cards with the catalogue's current prices, most recently liked first. The API
 * lists only the products it still has, so one removed from the catalogue simply is not shown
 * (and is dropped from the store, so the header's count agrees). The listing's own registered
 * operations are used: ListingProducts with `filter.ids`, then its offer prices for «от».
 */
export function FavouritesView() {
  const ids = useFavourites((state) => state.ids);
  // The liked ids are in the browser's storage: the server's HTML and the hydration render show
  // the spinner (not «пусто», which would be wrong for a shopper with favourites), then the list. Both
  // spinners are marked busy: the list is still to come.
  const hydrated = useHydrated();
  const asked = useMemo(() => favouritesShown(ids), [ids]);
  const products = useListingProducts({ filter: { ids: asked }, sort: 'NEWLY', offset: 0, limit: MAX_SHOWN });
  const list = products.list;
  const answered = !products.loading && !products.error && list !== undefined;

  // drop the liked ids the catalogue no longer has, once the API has answered for exactly them
  useEffect(() => {
    if (!answered || !list) return;
    const gone = goneFromCatalogue(asked, list.items);
    if (gone.length) useFavourites.setState((state) => ({ ids: state.ids.filter((id) => !gone.includes(id)) }));
  }, [answered, asked, list]);

  const shown = useMemo(() => {
    if (!list) return [];
    const place = new Map(asked.map((id, i) => [id, i]));
    return list.items.filter((p) => place.has(p.productId)).sort((a, b) => (place.get(a.productId) ?? 0) - (place.get(b.productId) ?? 0));
  }, [list, asked]);

  let body: ReactNode;
  if (!hydrated)
    body = (
      <div className={styles.initial} aria-busy="true">
        <Spinner />
      </div>
    );
  else if (asked.length === 0) body = <EmptyFavourites />;
  else if (products.error && !list) body = <SectionError message={messageFor(products.error)} onRetry={products.refetch} />;
  else if (!list)
    body = (
      <div className={styles.initial} aria-busy="true">
        <Spinner />
      </div>
    );
  else if (shown.length === 0) body = <EmptyFavourites />;
  else
    body = (
      <>
        <p className={styles.total} data-testid="favourites-total">
          {formatCount(shown.length, GOODS)}
        </p>
        <ProductGrid products={shown} listName="Избранное" offset={0} />
      </>
    );

  return (
    <div className={styles.page} data-testid="favourites-page">
      <div className={styles.header}>
        <h1 className={styles.heading}>Избранное</h1>
      </div>
      {body}
    </div>
  );
}

function EmptyFavourites() {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>В избранном пока пусто</p>
      <p>Нажмите на сердечко на карточке товара, и он появится здесь.</p>
      <Link to="/search" className={buttonClassName('accent', own.catalogueLink)}>
        Перейти в каталог
      </Link>
    </div>
  );
}

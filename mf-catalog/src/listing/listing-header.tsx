import { useQuery } from '@apollo/client/react';
import type { ListingPageProps } from '@shop/contracts/remotes';
import { ListingHeadingDocument } from '../graphql/generated.ts';
import styles from './listing.module.css';

/** A category's or brand's heading, text and (under the results) description. */
export function useListingHeading({ type, id }: ListingPageProps) {
  const { data, error } = useQuery(ListingHeadingDocument, { variables: { id, isCategory: type === 'CATEGORY' } });
  const item = type === 'CATEGORY' ? data?.category : data?.brand;
  const title = item ? (item.__typename === 'Brand' ? item.heading || item.name : item.name) : '';
  const header = (
    <header className={styles.header}>
      <h1 className={styles.heading}>{title || '\u00a0'}</h1>
      {item?.text && <p className={styles.lead}>{item.text}</p>}
    </header>
  );
  const footer = item?.description ? <p className={styles.description}>{item.description}</p> : null;
  return { name: item?.name ?? '', header, footer, ready: Boolean(data || error) };
}

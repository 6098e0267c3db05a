import type { ListingPageProps } from '@shop/contracts/remotes';
import { useMemo } from 'react';
import { useListingHeading } from './listing-header.tsx';
import { ListingView } from './listing-view.tsx';
import { LISTING_SCHEME } from './url-state.ts';

const byId = (property: { id: string }) => property.id;

export function ListingPageView({ type, id }: ListingPageProps) {
  const scope = useMemo(() => (type === 'CATEGORY' ? { categoryId: id } : { brandId: id }), [type, id]);
  // Impressions wait for the name: a list is reported under one name only.
  const { name, header, footer, ready } = useListingHeading({ type, id });
  return (
    <ListingView
      scope={scope}
      scheme={LISTING_SCHEME}
      listName={name}
      header={header}
      footer={footer}
      headerReady={ready}
      propertyKey={byId}
    />
  );
}

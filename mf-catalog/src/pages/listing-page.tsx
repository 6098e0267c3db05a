import type { ListingPageProps } from '@shop/mf-shared';
import { ListingPageView } from '../listing/listing-page-view.tsx';
import '../report.ts';

export default function ListingPage(props: ListingPageProps) {
  return <ListingPageView {...props} />;
}

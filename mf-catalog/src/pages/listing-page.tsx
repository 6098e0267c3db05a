import type { ListingPageProps } from '@shop/contracts/remotes';
import { ListingPageView } from '../listing/listing-page-view.tsx';
import '../report.ts';

export default function ListingPage(props: ListingPageProps) {
  return <ListingPageView {...props} />;
}

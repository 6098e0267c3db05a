import type { ListingPageProps } from '@shop/mf-shared';
import '../report.ts';

// Skeleton page of the catalogue team (issue 2): replaced in issue 5.
export default function ListingPage({ type, id }: ListingPageProps) {
  return (
    <section style={{ padding: 24 }}>
      <h1>Каталог: {type} {id}</h1>
    </section>
  );
}

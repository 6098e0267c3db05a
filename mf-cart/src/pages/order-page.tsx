import type { OrderPageProps } from '@shop/mf-shared';
import '../report.ts';

// Skeleton page of the cart team (issue 2): the order page comes in issue 7.
export default function OrderPage({ id }: OrderPageProps) {
  return (
    <section style={{ padding: 24 }}>
      <h1>Заказ №{id}</h1>
    </section>
  );
}

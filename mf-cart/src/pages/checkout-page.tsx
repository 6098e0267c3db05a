import '../report.ts';

// Skeleton page of the cart team (issue 2): the checkout comes in issue 7.
export default function CheckoutPage() {
  return (
    <section style={{ padding: 24 }}>
      <h1>Оформление заказа</h1>
    </section>
  );
}

import { cartLineProduct } from '@shop/contracts/analytics';
import { analytics, Button, useCart, useHydrated } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CartLine } from '../cart-lines/cart-line.tsx';
import { type TodayLine, useCartToday } from '../cart-lines/use-cart-today.ts';
import { CartSummary } from '../cart-page/cart-summary.tsx';
import { EmptyCart } from '../cart-page/empty-cart.tsx';
import { CHECKOUT_FORM_ID, CheckoutForm } from '../checkout/checkout-form.tsx';
import type { CheckoutValues } from '../checkout/checkout-values.ts';
import { LineProblem } from '../checkout/line-problem.tsx';
import { knownStockLimit, type OrderProblems, standingProblem } from '../checkout/order-problems.ts';
import { type PlaceOrderState, usePlaceOrder } from '../checkout/use-place-order.ts';
import '../report.ts';
import { StoredCartPending } from './stored-cart-pending.tsx';
import styles from './page.module.css';
import checkout from './checkout-page.module.css';

/** Checkout on one page: the shopper's details and consent beside the lines being ordered. */
export default function CheckoutPage() {
  const items = useCart((state) => state.items);
  const today = useCartToday(items);
  const { state, place, pay } = usePlaceOrder();
  // A refused order may be a price that moved since the lines were asked: ask again.
  const { refresh } = today;
  useEffect(() => {
    if (state.kind === 'rejected') refresh();
  }, [state, refresh]);
  const lastValues = useRef<CheckoutValues | null>(null);
  // the cart and the draft (CheckoutForm) are in the browser's storage: see StoredCartPending
  const hydrated = useHydrated();

  // Checkout step 1, once per visit of the page with what is in the cart then.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || items.length === 0) return;
    reported.current = true;
    analytics.checkout(items.map(cartLineProduct), 1);
  }, [items]);

  if (state.kind === 'redirecting' || state.kind === 'paymentFailed') return <OrderPlaced state={state} pay={pay} />;
  if (!hydrated) return <StoredCartPending title="Оформление заказа" />;
  if (items.length === 0) {
    return (
      <section className={styles.page}>
        <EmptyCart title="Оформлять пока нечего: корзина пуста" />
      </section>
    );
  }

  const problems = state.kind === 'rejected' ? state.problems : null;
  // the order is sent at the prices the shopper sees (today's, once the shop answered)
  const submit = (values: CheckoutValues) => {
    lastValues.current = values;
    void place(values, today.lines);
  };
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Оформление заказа</h1>
      <div className={styles.columns}>
        <CheckoutForm serverErrors={problems?.fields ?? {}} onSubmit={submit} />
        <CartSummary items={today.counted} lines={<CheckoutLines lines={today.lines} problems={problems} />}>
          {problems && <ProblemsAlert problems={problems} />}
          {state.kind === 'failed' && (
            <div role="alert" className={checkout.alert}>
              <p>{state.message}</p>
              {lastValues.current && (
                <Button
                  className={checkout.retry}
                  onClick={() => lastValues.current && void place(lastValues.current, today.lines)}
                >
                  Повторить
                </Button>
              )}
            </div>
          )}
          <Button type="submit" form={CHECKOUT_FORM_ID} className={styles.primary} disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? 'Отправляем заказ…' : 'Подтвердить заказ'}
          </Button>
          <p className={checkout.note}>После подтверждения откроется страница оплаты.</p>
        </CartSummary>
      </div>
    </section>
  );
}

type Placed = Extract<PlaceOrderState, { kind: 'redirecting' | 'paymentFailed' }>;

/** The order exists: off to the payment page, or the way there again when its link did not come. */
function OrderPlaced({ state, pay }: { state: Placed; pay(order: PaymentFailedOrder): Promise<void> }) {
  if (state.kind === 'redirecting') {
    return (
      <section className={styles.page} aria-busy="true">
        <h1 className={styles.title}>Заказ оформлен</h1>
        <p role="status">Переходим к оплате…</p>
      </section>
    );
  }
  const { order } = state;
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Заказ №{order.ordernumber} оформлен</h1>
      <div role="alert" className={checkout.alert}>
        <p>{state.message}</p>
        <Button className={checkout.retry} onClick={() => void pay(order)}>
          Перейти к оплате
        </Button>
      </div>
      <Link to={`/order/${encodeURIComponent(order.ordernumber)}?key=${encodeURIComponent(order.accessKey)}`}>
        Открыть страницу заказа
      </Link>
    </section>
  );
}

type PaymentFailedOrder = Extract<PlaceOrderState, { kind: 'paymentFailed' }>['order'];

interface CheckoutLinesProps {
  lines: TodayLine[];
  problems: OrderProblems | null;
}

function CheckoutLines({ lines, problems }: CheckoutLinesProps) {
  return (
    <ul className={checkout.lines} aria-label="Товары в заказе">
      {lines.map((line) => {
        const problem = standingProblem(problems?.lines[line.id], line);
        return (
          <CartLine
            key={line.id}
            line={line}
            compact
            maxQuantity={knownStockLimit(problems?.lines[line.id])}
            problem={problem && <LineProblem line={line} problem={problem} />}
          />
        );
      })}
    </ul>
  );
}

/** What the API refused in the order as a whole, and a word about the lines it marked. */
function ProblemsAlert({ problems }: { problems: OrderProblems }) {
  const lines = Object.keys(problems.lines).length > 0;
  if (problems.general.length === 0 && !lines) return null;
  return (
    <div role="alert" className={checkout.alert}>
      {problems.general.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {lines && <p>Некоторые товары нельзя заказать как есть: исправьте отмеченные строки.</p>}
    </div>
  );
}

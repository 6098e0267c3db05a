import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import styles from './pay-order-button.module.css';
import { paymentLink } from './payment-link.ts';

/** For an order not paid yet: fetches the payment link (never cached) and goes there. */
export function PayOrderButton({ orderId, accessKey }: { orderId: string; accessKey: string }) {
  const client = useApolloClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const pay = async () => {
    setState('busy');
    try {
      window.location.assign(await paymentLink(client, orderId, accessKey));
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.box}>
      <button type="button" className={styles.pay} disabled={state === 'busy'} onClick={() => void pay()}>
        Оплатить заказ
      </button>
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          Не удалось открыть страницу оплаты. Проверьте соединение и попробуйте ещё раз.
        </p>
      )}
    </div>
  );
}

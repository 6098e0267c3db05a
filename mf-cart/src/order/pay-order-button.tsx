import { useApolloClient } from '@apollo/client/react';
import { messageFor } from '@shop/contracts/errors';
import { Button } from '@shop/mf-shared';
import { useState } from 'react';
import styles from './pay-order-button.module.css';
import { paymentLink } from './payment-link.ts';

/** For an order not paid yet: fetches the payment link (never cached) and goes there. */
export function PayOrderButton({ orderId, accessKey }: { orderId: string; accessKey: string }) {
  const client = useApolloClient();
  const [state, setState] = useState<'idle' | 'busy' | { failed: string }>('idle');
  const pay = async () => {
    setState('busy');
    try {
      window.location.assign(await paymentLink(client, orderId, accessKey));
    } catch (error) {
      setState({ failed: messageFor(error, 'openPayment').text });
    }
  };
  return (
    <div className={styles.box}>
      <Button className={styles.pay} disabled={state === 'busy'} onClick={() => void pay()}>
        Оплатить заказ
      </Button>
      {typeof state === 'object' && (
        <p role="alert" className={styles.error}>
          {state.failed}
        </p>
      )}
    </div>
  );
}

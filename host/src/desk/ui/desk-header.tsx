import { Button } from '@shop/mf-shared/button';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DeskError } from '../api/desk-api.ts';
import { ROLE_TITLES } from '@shop/contracts/desk';
import { DESK_PATHS } from '../desk-path.ts';
import { useDeskSession } from '../session/desk-session.tsx';
import styles from './desk.module.css';

/** The desk's own header: no storefront menus, search or cart; who is signed in, and «Выйти». */
export function DeskHeader({ shopName }: { shopName: string }) {
  const session = useDeskSession();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const user = session.state.kind === 'signed-in' ? session.state.user : null;
  const signOut = async () => {
    setBusy(true);
    setError('');
    try {
      await session.signOut();
    } catch (failure) {
      setError(failure instanceof DeskError ? `Не удалось выйти. ${failure.message}` : 'Не удалось выйти. Повторите.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <header className={styles.header}>
      <div className={styles.headerRow}>
        <Link to={DESK_PATHS.orders} className={styles.brand}>
          {shopName} · Заказы
        </Link>
        {user?.role === 'owner' && (
          <Link to={DESK_PATHS.catalog} className={styles.linkButton}>
            Каталог
          </Link>
        )}
        {user && (
          <div className={styles.user}>
            <span data-testid="desk-user">
              {user.name || user.email} · <span className={styles.role}>{ROLE_TITLES[user.role] ?? user.role}</span>
            </span>
            <Button variant="link" className={styles.linkButton} onClick={() => void signOut()} disabled={busy}>
              Выйти
            </Button>
          </div>
        )}
      </div>
      {error && (
        <p role="alert" className={styles.inlineError}>
          {error}
        </p>
      )}
    </header>
  );
}

import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DeskError, deskApi } from '../api/desk-api.ts';
import type { DeskUser } from '@shop/contracts/desk';
import { DESK_PATHS } from '../desk-path.ts';

export type SessionState =
  | { kind: 'checking' }
  | { kind: 'signed-in'; user: DeskUser }
  | { kind: 'signed-out' }
  /** The session could not be asked about (network, server): the page offers «Повторить». */
  | { kind: 'unknown'; error: DeskError };

interface DeskSession {
  state: SessionState;
  recheck(): void;
  signedIn(user: DeskUser): void;
  /** Any request answered 401: the person signs in again and comes back here. */
  expired(): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<DeskSession | null>(null);

export function signInHref(next?: string): string {
  return next ? `${DESK_PATHS.signIn}?next=${encodeURIComponent(next)}` : DESK_PATHS.signIn;
}

/** Who is signed in, asked once when the desk opens (GET /api/admin/session). */
export function DeskSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let current = true;
    deskApi.session().then(
      ({ user }) => current && setState({ kind: 'signed-in', user }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof DeskError && error.kind === 'unauthenticated') setState({ kind: 'signed-out' });
        else setState({ kind: 'unknown', error: error instanceof DeskError ? error : new DeskError('network', String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const expired = useCallback(() => {
    setState({ kind: 'signed-out' });
    if (location.pathname !== DESK_PATHS.signIn) navigate(signInHref(here), { replace: true });
  }, [navigate, here, location.pathname]);

  const signOut = useCallback(async () => {
    try {
      await deskApi.signOut();
    } catch (error) {
      // Already signed out on the server: nothing left to undo.
      if (!(error instanceof DeskError && error.kind === 'unauthenticated')) throw error;
    }
    setState({ kind: 'signed-out' });
    navigate(DESK_PATHS.signIn, { replace: true });
  }, [navigate]);

  const value = useMemo<DeskSession>(
    () => ({
      state,
      recheck: () => {
        setState({ kind: 'checking' });
        setAttempt((n) => n + 1);
      },
      signedIn: (user) => setState({ kind: 'signed-in', user }),
      expired,
      signOut,
    }),
    [state, expired, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useDeskSession(): DeskSession {
  const session = use(SessionContext);
  if (!session) throw new Error('useDeskSession outside DeskSessionProvider');
  return session;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useDeskSession } from '../session/desk-session.tsx';
import { DeskError } from './desk-api.ts';

export type RequestState<T> =
  | { kind: 'loading'; data?: T }
  | { kind: 'done'; data: T }
  | { kind: 'failed'; error: DeskError; data?: T };

/**
 * Loads what `key` names with `load`, again whenever the key changes; «Повторить» calls
 * `retry`. A 401 hands over to the sign-in page (and back here afterwards); an answer for an
 * older key is dropped, so a quick change of filters never shows the previous list, and data
 * is kept across a retry of the same key only.
 */
export function useDeskRequest<T>(key: string, load: () => Promise<T>) {
  const { expired } = useDeskSession();
  const [state, setState] = useState<RequestState<T> & { key: string }>({ kind: 'loading', key });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const expiredRef = useRef(expired);
  expiredRef.current = expired;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on a new key or a retry
  useEffect(() => {
    let current = true;
    setState((previous) => ({ kind: 'loading', key, data: previous.key === key ? previous.data : undefined }));
    loadRef.current().then(
      (data) => current && setState({ kind: 'done', key, data }),
      (error: unknown) => {
        if (!current) return;
        const failure = error instanceof DeskError ? error : new DeskError('network', String(error));
        if (failure.kind === 'unauthenticated') return expiredRef.current();
        setState((previous) => ({ kind: 'failed', key, error: failure, data: previous.key === key ? previous.data : undefined }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ kind: 'done', key, data }), [key]);
  // Until the effect has run for a new key, the state still describes the old one.
  const visible: RequestState<T> = state.key === key ? state : { kind: 'loading' };
  return { state: visible, retry, replace };
}

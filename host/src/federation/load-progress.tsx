import { useEffect, useSyncExternalStore } from 'react';
import styles from './load-progress.module.css';

// How many remote areas are waiting for their code; the bar shows while any is.
let pending = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const change = (delta: number) => {
  pending += delta;
  for (const listener of listeners) listener();
};

/** Rendered as a Suspense fallback: counts itself as a pending load while mounted. */
export function PendingLoad() {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
  return null;
}

export function LoadProgress() {
  const loading = useSyncExternalStore(subscribe, () => pending > 0, () => false);
  return loading ? <div className={styles.bar} role="progressbar" aria-label="Загрузка раздела" /> : null;
}

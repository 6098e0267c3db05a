import { type RemoteModuleId, type RemoteSlotProps, SectionError } from '@shop/mf-shared';
import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { PendingLoad } from './load-progress.tsx';
import { loadRemoteModule } from './remotes.ts';
import styles from './remote-slot.module.css';

/**
 * One area of the page owned by a remote. Whatever happens to that remote (server down,
 * hanging, manifest 404, module throwing while loading or rendering), only this area
 * shows «Не удалось загрузить раздел» with «Повторить»; the rest of the page keeps working.
 */
export function RemoteSlot<K extends RemoteModuleId>({ id, skeleton = 'page', props }: RemoteSlotProps<K>) {
  const [attempt, setAttempt] = useState(0);
  const Component = useMemo(
    () => lazy(async () => ({ default: (await loadRemoteModule(id, attempt > 0)) as ComponentType<object> })),
    [id, attempt],
  );
  const remote = id.split('/')[0];
  return (
    <div data-remote={remote} className={styles.slot}>
      <ErrorBoundary
        resetKeys={[attempt, id]}
        onError={(error) => console.error(`[shop] ${id} failed`, error)}
        fallbackRender={() =>
          skeleton === 'none' ? null : <SectionError onRetry={() => setAttempt((n) => n + 1)} />
        }
      >
        <Suspense
          fallback={
            <>
              <PendingLoad />
              {skeleton === 'page' && <PageSkeleton />}
              {skeleton === 'block' && <div className={styles.block} aria-busy="true" />}
            </>
          }
        >
          <Component {...(props ?? {})} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}

const SKELETON_CARDS = ['a', 'b', 'c', 'd'];

function PageSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label="Загрузка раздела">
      <div className={styles.line} style={{ width: '40%' }} />
      <div className={styles.grid}>
        {SKELETON_CARDS.map((key) => (
          <div key={key} className={styles.card} />
        ))}
      </div>
    </div>
  );
}

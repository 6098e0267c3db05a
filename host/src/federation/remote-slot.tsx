import type { RemoteModuleId, RemoteSlotProps } from '@shop/contracts/remotes';
import { SectionError } from '@shop/mf-shared';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { reportBoundaryError, reportLoadFailure, reportRemote } from './health-report.ts';
import { PendingLoad } from './load-progress.tsx';
import styles from './remote-slot.module.css';
import { loadedRemoteModule, loadRemoteModule, remoteVersion } from './remotes.ts';

/**
 * One area of the page owned by a remote. Whatever happens to that remote (server down,
 * hanging, manifest 404, module throwing while loading or rendering), only this area
 * shows «Не удалось загрузить раздел» with «Повторить»; the rest of the page keeps working.
 */
export function RemoteSlot<K extends RemoteModuleId>({ id, skeleton = 'page', props }: RemoteSlotProps<K>) {
  const [attempt, setAttempt] = useState(0);
  const remote = id.split('/')[0];
  return (
    <div data-remote={remote} className={styles.slot}>
      <ErrorBoundary
        resetKeys={[attempt, id]}
        onError={(error) => {
          console.error(`[shop] ${id} failed`, error);
          // a render crash is recorded beside the load failures runtime-plugin.ts records (it was missing there: F9)
          if (!reportBoundaryError(remote as string, remoteVersion(remote as string), error)) return;
          const w = window as unknown as { __SHOP_REMOTE_ERRORS__?: unknown[] };
          w.__SHOP_REMOTE_ERRORS__ ??= [];
          w.__SHOP_REMOTE_ERRORS__.push({ id, lifecycle: 'render', message: error instanceof Error ? error.message : String(error), at: Date.now() });
        }}
        fallbackRender={() => (skeleton === 'none' ? null : <SectionError onRetry={() => setAttempt((n) => n + 1)} />)}
      >
        <RemoteModule key={`${id}:${attempt}`} id={id} fresh={attempt > 0} skeleton={skeleton} props={props ?? {}} />
      </ErrorBoundary>
    </div>
  );
}

/**
 * Loads the module and renders it; a module already loaded renders at once. Not React.lazy +
 * Suspense on purpose: a new lazy per page always suspends first, and React then holds the
 * revealed page back until its fallback has been up 300 ms (its reveal throttling), which made
 * every listing → product click take ~350 ms even with everything cached. A loading error is
 * thrown in render, so the error boundary above shows «Повторить» as before.
 */
function RemoteModule({
  id,
  fresh,
  skeleton,
  props,
}: {
  id: RemoteModuleId;
  fresh: boolean;
  skeleton: RemoteSlotProps<RemoteModuleId>['skeleton'];
  props: object;
}) {
  const [state, setState] = useState<{ component?: ComponentType<object>; error?: unknown }>(() => {
    const ready = fresh ? undefined : loadedRemoteModule(id);
    return ready ? { component: ready as ComponentType<object> } : {};
  });
  const missing = !state.component && !state.error;
  const remote = id.split('/')[0] as string;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    loadRemoteModule(id, fresh).then(
      (component) => live && setState({ component: component as ComponentType<object> }),
      (error: unknown) => {
        if (!live) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        reportLoadFailure(remote, remoteVersion(remote), failure);
        setState({ error: failure });
      },
    );
    return () => {
      live = false;
    };
  }, [id, fresh, missing, remote]);
  if (state.error) throw state.error;
  const pending = (
    <>
      <PendingLoad />
      {skeleton === 'page' && <PageSkeleton />}
      {skeleton === 'block' && <div className={styles.block} aria-busy="true" />}
    </>
  );
  if (!state.component) return pending;
  const Component = state.component;
  // For whatever the remote's own code suspends on (its lazy parts).
  return (
    <Suspense fallback={pending}>
      <Component {...props} />
      <Viewed remote={remote} />
    </Suspense>
  );
}

/**
 * Counts the mount as a `view` once the module has rendered: committed after its sibling, so a
 * module that throws (or still suspends) while rendering is never counted as seen.
 */
function Viewed({ remote }: { remote: string }) {
  useEffect(() => reportRemote(remote, remoteVersion(remote), 'view'), [remote]);
  return null;
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

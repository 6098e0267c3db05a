import { EXPOSED_MODULES, type RemoteModuleId, type RemoteSlotProps } from '@shop/contracts/remotes';
import { isHydrating, SectionError } from '@shop/mf-shared';
import {
  type ComponentType,
  type RefObject,
  Suspense,
  use,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { reportBoundaryError, reportLoadFailure, reportRemote } from './health-report.ts';
import { PendingLoad } from './load-progress.tsx';
import styles from './remote-slot.module.css';
import { type ModuleSource, ModuleSourceContext, type Tracked } from './module-source.ts';
import { remoteVersion, slotModule } from './remotes.ts';

/**
 * One area of the page owned by a remote. Whatever happens to that remote (server down,
 * hanging, manifest 404, module throwing while loading or rendering), only this area
 * shows «Не удалось загрузить раздел» with «Повторить»; the rest of the page keeps working.
 */
export function RemoteSlot<K extends RemoteModuleId>({ id, skeleton = 'page', props }: RemoteSlotProps<K>) {
  const [attempt, setAttempt] = useState(0);
  const remote = id.split('/')[0];
  const slot = useRef<HTMLDivElement>(null);
  return (
    <div data-remote={remote} className={styles.slot} ref={slot}>
      <ErrorBoundary
        resetKeys={[attempt, id]}
        onError={(error) => {
          console.error(`[shop] ${id} failed`, error);
          // a render crash is recorded beside the load failures runtime-plugin.ts records
          if (!reportBoundaryError(remote as string, remoteVersion(remote as string), error)) return;
          const w = window as unknown as { __SHOP_REMOTE_ERRORS__?: unknown[] };
          w.__SHOP_REMOTE_ERRORS__ ??= [];
          w.__SHOP_REMOTE_ERRORS__.push({ id, lifecycle: 'render', message: error instanceof Error ? error.message : String(error), at: Date.now() });
        }}
        fallbackRender={() => (
          <>
            <Settled slot={slot} />
            {skeleton === 'none' ? null : (
              <SectionError
                onRetry={() => {
                  slot.current?.removeAttribute('data-ready');
                  setAttempt((n) => n + 1);
                }}
              />
            )}
          </>
        )}
      >
        <RemoteModule key={`${id}:${attempt}`} id={id} attempt={attempt} skeleton={skeleton} props={props ?? {}} slot={slot} />
      </ErrorBoundary>
    </div>
  );
}

/**
 * Loads the module and renders it under a Suspense boundary, the same tree on the server and in
 * the browser, so a server-rendered area hydrates without a mismatch:
 * - on the server the module comes from the page server's per-visitor loader (the context
 *   below); a module that fails, hangs past its timeout or throws leaves this boundary's
 *   fallback in the HTML, and the browser renders the area itself (React retries a boundary
 *   that errored on the server on the client);
 * - in the browser, while the area's code is not there yet (hydration, or a first visit to a
 *   page of that remote), the boundary keeps the server's HTML or shows the skeleton.
 * A module already loaded never suspends: its promise is kept, marked fulfilled, so `use` returns
 * it at once (a new lazy per page always suspended first, and React then held the revealed page
 * back ~300 ms: its reveal throttling). A loading error is thrown in render, so the error boundary
 * above shows «Повторить».
 */
function RemoteModule({
  id,
  attempt,
  skeleton,
  props,
  slot,
}: {
  id: RemoteModuleId;
  attempt: number;
  skeleton: RemoteSlotProps<RemoteModuleId>['skeleton'];
  props: object;
  slot: RefObject<HTMLDivElement | null>;
}) {
  const source = useContext(ModuleSourceContext) ?? browserModules;
  const promise = source.load(id, attempt);
  // Fixed at mount: rendered on the server or hydrating its HTML (the Suspense tree below), or
  // mounted in this browser later (a page switch). Read once: settling the hydration does not
  // re-render the area (a re-render above a boundary still dehydrated would hydrate it at once).
  const [fromServer] = useState(useSyncExternalStore(noSubscription, isHydrating, onServerOrHydrating));
  if (!fromServer) return <BrowserModule promise={promise} skeleton={skeleton} props={props} slot={slot} id={id} />;
  return (
    <Suspense fallback={<Pending skeleton={skeleton} />}>
      <LoadedModule id={id} promise={promise} props={props} slot={slot} />
    </Suspense>
  );
}

const noSubscription = () => () => {};
const onServerOrHydrating = () => true;

/**
 * An area mounted in the browser after hydration (a page switch): no Suspense. A boundary that
 * suspended shows its fallback, and React then holds the revealed page back until that fallback
 * has been up ~300 ms (its reveal throttling): listing → product took 325–370 ms in the benchmark
 * against 65 ms for the single bundle. Here the skeleton is state, and the module renders the
 * moment it is loaded (at once when it already is); a loading error is thrown in render, so the
 * error boundary above shows «Повторить», as on the Suspense path.
 */
function BrowserModule({
  id,
  promise,
  skeleton,
  props,
  slot,
}: {
  id: RemoteModuleId;
  promise: Promise<ComponentType<object>>;
  skeleton: RemoteSlotProps<RemoteModuleId>['skeleton'];
  props: object;
  slot: RefObject<HTMLDivElement | null>;
}) {
  const [outcome, setOutcome] = useState<{ promise: Promise<unknown>; value?: ComponentType<object>; error?: unknown }>();
  const known = promise as Tracked<ComponentType<object>>;
  // Whether this render had the module: if not, the effect waits for it even when it has loaded
  // between the render and the effect (only a state change renders it then; a smoke under load
  // once waited forever on the skeleton).
  const shown = known.status === 'fulfilled' || known.status === 'rejected';
  useEffect(() => {
    if (shown) return;
    let live = true;
    promise.then(
      (value) => live && setOutcome({ promise, value }),
      (error: unknown) => live && setOutcome({ promise, error }),
    );
    return () => {
      live = false;
    };
  }, [promise, shown]);
  if (known.status === 'rejected') throw known.reason;
  const Component = known.status === 'fulfilled' ? known.value : outcome?.promise === promise ? outcome.value : undefined;
  if (outcome?.promise === promise && 'error' in outcome) throw outcome.error;
  if (!Component) return <Pending skeleton={skeleton} />;
  return (
    <>
      <Component {...props} />
      <Viewed remote={id.split('/')[0] as string} />
      <Settled slot={slot} />
    </>
  );
}

function LoadedModule({
  id,
  promise,
  props,
  slot,
}: {
  id: RemoteModuleId;
  promise: Promise<ComponentType<object>>;
  props: object;
  slot: RefObject<HTMLDivElement | null>;
}) {
  const Component = use(promise);
  return (
    <>
      <Component {...props} />
      <Viewed remote={id.split('/')[0] as string} />
      <Settled slot={slot} />
    </>
  );
}

/**
 * Marks the area `data-ready` once it is live in this browser (its module rendered and
 * hydrated, or its error shown): server-rendered HTML looks the same before that, and a click
 * before hydration does nothing. Browser tests and the release smoke wait for it.
 */
function Settled({ slot }: { slot: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    slot.current?.setAttribute('data-ready', '');
  }, [slot]);
  return null;
}

function Pending({ skeleton }: { skeleton: RemoteSlotProps<RemoteModuleId>['skeleton'] }) {
  return (
    <>
      <PendingLoad />
      {skeleton === 'page' && <PageSkeleton />}
      {skeleton === 'block' && <div className={styles.block} aria-busy="true" />}
    </>
  );
}

/**
 * The browser's modules: the one cache of loaded remote modules (remotes.ts), shared with the
 * prefetch on intent; one promise per module and «Повторить» attempt, kept once settled so a
 * page shown again renders at once. A failure is recorded for ops and not kept: the next attempt
 * asks the network again.
 */
const browserModules: ModuleSource = {
  load(id, attempt) {
    const remote = id.split('/')[0] as string;
    const report = (failure: Error) => reportLoadFailure(remote, remoteVersion(remote), failure);
    return slotModule(id, attempt, report) as Promise<ComponentType<object>>;
  },
};

/**
 * The code of the areas a server-rendered page came with, loaded before it hydrates (as
 * loadable-components' `loadableReady`). A boundary still waiting for its code when anything
 * above it changes (a store read once hydrated, a query's answer) drops the server's HTML and
 * shows the skeleton until the code comes: on a slow network the page blinked. Waits at most
 * `maxMs`; past that the page hydrates and a late area catches up on its own.
 */
export async function loadServerAreas(ids: readonly string[], maxMs: number): Promise<void> {
  const known = ids.filter((id): id is RemoteModuleId => (EXPOSED_MODULES as readonly string[]).includes(id));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  await Promise.race([Promise.allSettled(known.map((id) => browserModules.load(id, 0))), late]);
  clearTimeout(timer);
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
      <div className={`${styles.line} ${styles.title}`} />
      <div className={styles.grid}>
        {SKELETON_CARDS.map((key) => (
          <div key={key} className={styles.card} />
        ))}
      </div>
    </div>
  );
}

import { type ReactNode, type RefObject, Suspense, use, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isHydrating } from '../shell/browser-snapshot.ts';

/** How near the screen a section starts hydrating: a few hundred pixels ahead of the shopper's scrolling. */
const NEAR = '200px 0px';
/** Touching or focusing a section hydrates it at once; React then hands the tap or key to it. */
const TOUCHED = ['pointerdown', 'focusin'] as const;

interface Gate {
  promise: Promise<void>;
  open(): void;
}

/**
 * React's `use` reads a promise's `status` before it waits: marked fulfilled when opened, a section
 * touched by the shopper hydrates in the same event (React hydrates a blocked target at once),
 * not a task later.
 */
function createGate(): Gate {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const tracked = promise as Promise<void> & { status?: 'fulfilled'; value?: undefined };
  return {
    promise,
    open() {
      if (tracked.status === 'fulfilled') return;
      tracked.status = 'fulfilled';
      tracked.value = undefined;
      resolve();
    },
  };
}

/**
 * A section of a server-rendered page that hydrates when it comes near the screen or is touched,
 * not with the page: its HTML is there and readable from the start, links work as links, and the
 * page's first screen does not wait for the work of everything under it. Rendered in the browser
 * (a page switch), or on the server, it is just its children. The wrapper is a block (`className`
 * styles it); `data-hydrated` is set on it once its children run in the browser. Inside a router.
 */
export function HydrateOnView({ children, className }: { children: ReactNode; className?: string }) {
  // read once: a section mounted after the page hydrated has nothing to wait for
  const [gate] = useState(() => (isHydrating() ? createGate() : null));
  const box = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  // Rendered again with new children before it hydrated (new products on a page switch, a filter):
  // React must hydrate it now to apply them, and a navigation (a transition) would otherwise wait
  // for a section the shopper never scrolls to. So with a new address, which reaches the children
  // through the router's context even when nothing renders this again (a memoised card): reading
  // the address here renders it again. Opening is idempotent.
  useLocation();
  if (gate && mounted.current) gate.open();
  useEffect(() => {
    mounted.current = true;
    const element = box.current;
    if (!gate || !element) return;
    // once open, nothing is left to watch: every later tap on the page would test this section again
    const open = () => {
      gate.open();
      stop();
    };
    const near = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
      rootMargin: NEAR,
    });
    near.observe(element);
    // on the window, in the capture phase: before React's own listener on the page's root, which
    // then finds the section ready to hydrate at once and hands it the event
    const touched = (event: Event) => event.target instanceof Node && element.contains(event.target) && open();
    for (const type of TOUCHED) window.addEventListener(type, touched, { capture: true, passive: true });
    const stop = () => {
      near.disconnect();
      for (const type of TOUCHED) window.removeEventListener(type, touched, { capture: true });
    };
    return stop;
  }, [gate]);
  return (
    <div ref={box} className={className} data-hydrate="">
      <Suspense fallback={null}>
        <Gated gate={gate} box={box}>
          {children}
        </Gated>
      </Suspense>
    </div>
  );
}

function Gated({ gate, box, children }: { gate: Gate | null; box: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  if (gate) use(gate.promise);
  useEffect(() => {
    box.current?.setAttribute('data-hydrated', '');
  }, [box]);
  return children;
}

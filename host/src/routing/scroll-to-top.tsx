import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const RESTORE_FOR_MS = 3000;

/**
 * A new page opens at its top; back and forward return to where the shopper was on that
 * page, once its remote has rendered enough to scroll that far; a change of query alone
 * (filters, sort, photoId) never scrolls. react-router's <ScrollRestoration> needs a data
 * router, which the shell does not use, and the browser's own restoration runs before a
 * remote's content exists.
 */
export function ScrollToTop() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(location.key);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current.set(currentKey.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path (not a new query) is the trigger
  useEffect(() => {
    currentKey.current = location.key;
    const saved = positions.current.get(location.key);
    if (type === 'POP' && saved !== undefined) {
      const until = Date.now() + RESTORE_FOR_MS;
      let frame = 0;
      const restore = () => {
        window.scrollTo(0, saved);
        if (Math.abs(window.scrollY - saved) > 2 && Date.now() < until) frame = requestAnimationFrame(restore);
      };
      restore();
      // The shopper scrolling or leaving again ends the attempt.
      const stop = () => cancelAnimationFrame(frame);
      window.addEventListener('wheel', stop, { once: true, passive: true });
      window.addEventListener('touchstart', stop, { once: true, passive: true });
      return () => {
        stop();
        window.removeEventListener('wheel', stop);
        window.removeEventListener('touchstart', stop);
      };
    }
    if (type === 'PUSH' && !location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [location.pathname]);
  return null;
}

import { useEffect } from 'react';

/**
 * The page behind a full-screen dialog does not scroll while the dialog is mounted (the kit's
 * Dialog opens it as a modal: focus trapped, the page inert, Escape a `cancel` event).
 */
export function usePageScrollLock() {
  useEffect(() => {
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, []);
}

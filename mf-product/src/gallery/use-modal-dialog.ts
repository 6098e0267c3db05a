import { type RefObject, useEffect, useRef } from 'react';

/**
 * Opens a `<dialog>` as a modal for as long as the component is mounted: the browser then
 * traps focus inside it, makes the page behind inert and turns Escape into a `cancel` event.
 * The page behind does not scroll meanwhile.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);
  return ref;
}

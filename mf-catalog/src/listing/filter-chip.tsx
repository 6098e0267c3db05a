import { Button } from '@shop/mf-shared';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './filters.module.css';

/** While open: a pointer down outside `root` closes; Escape closes and puts focus back on the chip. */
function useCloseOutside(open: boolean, onClose: () => void) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close.current();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { root, button };
}

/**
 * A desktop filter chip: a button opening a panel below it. What is chosen inside stays local
 * until «Применить» or until the panel is closed (outside click, Escape, the chip again),
 * which both apply it. The reset mark beside an active chip applies at once.
 */
export function FilterChip({
  label,
  value,
  open,
  onOpen,
  onClose,
  onReset,
  children,
  applyButton = true,
}: {
  label: string;
  /** What is selected, shown on the chip («2», «Nike»). */
  value?: string | undefined;
  open: boolean;
  onOpen: () => void;
  /** Closing applies the panel's selection. */
  onClose: () => void;
  onReset?: (() => void) | undefined;
  children: ReactNode;
  applyButton?: boolean;
}) {
  const { root, button } = useCloseOutside(open, onClose);
  const panelId = useId();
  return (
    <div ref={root} className={styles.chipWrap}>
      <div className={styles.chip} data-active={value ? true : undefined} data-open={open || undefined}>
        <Button
          ref={button}
          variant="plain"
          className={styles.chipButton}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => (open ? onClose() : onOpen())}
        >
          {label}
          {value && ' '}
          {value && <span className={styles.chipValue}>{value}</span>}
          <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </Button>
        {onReset && value && (
          <button type="button" className={styles.chipReset} aria-label={`Сбросить: ${label}`} onClick={onReset}>
            ×
          </button>
        )}
      </div>
      {open && (
        <div id={panelId} className={styles.panel} role="dialog" aria-label={label}>
          {children}
          {applyButton && (
            <Button className={styles.apply} onClick={onClose}>
              Применить
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

import {
  type DialogHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { CloseButton } from './button.tsx';
import { withCallerClass } from './class-name.ts';
import styles from './dialog.module.css';

/** `modal`: a card in the middle of the screen; `sheet`: a panel the caller places (a side or the whole screen). */
export type DialogVariant = 'modal' | 'sheet';

export interface DialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open'> {
  variant?: DialogVariant;
  /** Size, place and colours from the caller: its rules win over the kit's defaults. */
  className?: string;
  /**
   * Given, the kit opens the dialog as a modal while it is true (focus trapped, the page behind
   * inert) and closes it when it turns false; left out, the caller opens it through `ref`.
   */
  shown?: boolean;
  /**
   * Escape asks the owner to close instead of closing the dialog itself, so the owner's state (a
   * URL, a store) stays the one truth about whether it is open.
   */
  onDismiss?: () => void;
  /** A click on the dimmed page around the dialog's box calls `onDismiss` too (a mouse shortcut). */
  dismissOnBackdrop?: boolean;
  ref?: Ref<HTMLDialogElement>;
}

/** The kit's classes for a dialog's look and its backdrop. */
export function dialogClassName(variant: DialogVariant = 'modal', className?: string): string {
  return withCallerClass(`${styles.dialog} ${styles[variant]}`, className);
}

/** Opens the dialog as a modal while `shown` is true, closes it when it turns false; nothing when left out. */
function useShown(shown: boolean | undefined, ref: Ref<HTMLDialogElement> | undefined) {
  const own = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = own.current;
    if (shown === undefined || !dialog) return;
    if (shown && !dialog.open) dialog.showModal();
    if (!shown && dialog.open) dialog.close();
  }, [shown]);
  // The kit's own hold on the element, and the caller's ref (an object or a function) beside it.
  return useCallback(
    (node: HTMLDialogElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
}

/** A `<dialog>` in the shop's look; every other prop passes through. */
export function Dialog(props: DialogProps) {
  const { variant = 'modal', className, shown, onDismiss, dismissOnBackdrop, onCancel, onClick, ref, ...rest } = props;
  const setRef = useShown(shown, ref);
  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    onCancel?.(event);
    if (!onDismiss) return;
    event.preventDefault();
    onDismiss();
  };
  const click = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog's own box is the target only where no child is: its padding, or the backdrop.
    if (dismissOnBackdrop && event.target === event.currentTarget) onDismiss?.();
    onClick?.(event);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; the keyboard has Escape
    <dialog ref={setRef} className={dialogClassName(variant, className)} onCancel={cancel} onClick={click} {...rest} />
  );
}

export interface DialogHeaderProps {
  /** The heading's id, for the dialog's aria-labelledby. */
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  closeLabel?: string;
  /** `header` where the bar is the panel's header landmark, as the quick cart's is. */
  as?: 'div' | 'header';
  /** The caller's padding and colours over the kit's bar, heading and ×. */
  className?: string;
  titleClassName?: string;
  closeClassName?: string;
}

/** A sheet's top bar: its heading and a × that closes it, with a line below. */
export function DialogHeader(props: DialogHeaderProps) {
  const { titleId, title, onClose, closeLabel = 'Закрыть', as: Bar = 'div' } = props;
  return (
    <Bar className={withCallerClass(`${styles.header}`, props.className)}>
      <h2 id={titleId} className={withCallerClass(`${styles.title}`, props.titleClassName)}>
        {title}
      </h2>
      <CloseButton
        className={withCallerClass(`${styles.close}`, props.closeClassName)}
        label={closeLabel}
        onClick={onClose}
      />
    </Bar>
  );
}

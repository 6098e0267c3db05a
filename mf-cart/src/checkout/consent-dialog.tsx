import { Button, Dialog } from '@shop/mf-shared';
import { useEffect, useRef } from 'react';
import { CONSENT_PARAGRAPHS, CONSENT_TITLE, CONSENT_VERSION } from './consent-text.ts';
import styles from './consent-dialog.module.css';

/** The consent text (152-ФЗ) the checkbox refers to, in a modal dialog. */
export function ConsentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The kit's Dialog has just opened it (a child's effect runs first). The text is read from its
  // start: the heading takes the focus, not the button below the text.
  useEffect(() => {
    const el = dialog.current;
    if (!open || !el) return;
    el.querySelector<HTMLElement>('h2')?.focus();
    el.scrollTop = 0;
  }, [open]);
  return (
    <Dialog ref={dialog} shown={open} className={styles.dialog} aria-labelledby="consent-title" onClose={onClose}>
      <h2 id="consent-title" className={styles.title} tabIndex={-1}>
        {CONSENT_TITLE}
      </h2>
      <div className={styles.text}>
        {CONSENT_PARAGRAPHS.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className={styles.version}>Редакция от {CONSENT_VERSION.split('-').reverse().join('.')}</p>
      </div>
      <Button className={styles.close} onClick={onClose}>
        Понятно
      </Button>
    </Dialog>
  );
}

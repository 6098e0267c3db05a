import { Button, Dialog } from '@shop/mf-shared';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { wrapFocus } from '../ui/wrap-focus.ts';
import { SEARCH_EXAMPLES as EXAMPLES } from './search-examples.ts';
import styles from './search-help-modal.module.css';

export function SearchHelpModal({ ref }: { ref: Ref<HTMLDialogElement> }) {
  const close = (event: { currentTarget: HTMLElement }) => event.currentTarget.closest('dialog')?.close();
  return (
    <Dialog ref={ref} className={styles.dialog} aria-labelledby="search-help-title" onKeyDown={wrapFocus}>
      <h2 id="search-help-title" className={styles.title}>
        Поиск, который действительно помогает
      </h2>
      <ul className={styles.list}>
        {EXAMPLES.map((example) => (
          <li key={example.title}>
            <h3>{example.title}</h3>
            <p>{example.text}</p>
            <p className={styles.links}>
              {example.links.map((link) => (
                <Link key={link.href} to={link.href} onClick={close}>
                  {link.label}
                </Link>
              ))}
            </p>
          </li>
        ))}
      </ul>
      <Button className={styles.ok} onClick={close}>
        Отлично!
      </Button>
    </Dialog>
  );
}

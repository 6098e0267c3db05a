import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SEARCH_PATH, searchHref } from './search-href.ts';
import styles from './search-form.module.css';

export const SEARCH_PLACEHOLDER = 'Напиши, что хочешь найти и нажми Enter...';
/** The placeholder of a field too narrow for the whole one (a phone, which has no Enter key anyway). */
const SHORT_PLACEHOLDER = 'Что хочешь найти?';

/**
 * The header's search form: Enter goes to /search?search=… (encoded; empty shows everything).
 * Its action and method say the same to the browser, so the form works before the page's
 * scripts run and without them.
 */
export function SearchForm({ onClose, autoFocus = true }: { onClose?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  // opened again on the results of a search, the field holds that search, to correct or add to
  const [text, setText] = useState(() =>
    location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get('search') ?? '') : '',
  );
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  return (
    <search className={styles.wrap}>
      <form
        className={styles.form}
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(searchHref({ search: text.trim() }));
          onClose?.();
        }}
      >
        <span className={styles.field}>
          <input
            ref={input}
            className={styles.input}
            type="search"
            name="search"
            aria-label="Поиск по каталогу"
            placeholder={SEARCH_PLACEHOLDER}
            enterKeyHint="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onClose?.();
            }}
          />
          {/* shown instead of the placeholder where the field is too narrow for it (the CSS says when) */}
          <span className={styles.shortPlaceholder} aria-hidden="true">
            {SHORT_PLACEHOLDER}
          </span>
        </span>
        {onClose && (
          <button type="button" className={styles.cancel} onClick={onClose}>
            Отмена
          </button>
        )}
      </form>
    </search>
  );
}

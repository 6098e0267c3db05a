import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { SearchHelpModal } from './search-help-modal.tsx';

export const SEARCH_TOOLTIP_KEY = 'shop-search-tooltip-seen';

interface SearchIntro {
  tooltipVisible: boolean;
  dismissTooltip(): void;
  openHelp(): void;
}

const SearchIntroContext = createContext<SearchIntro | null>(null);

function seen(): boolean {
  try {
    return localStorage.getItem(SEARCH_TOOLTIP_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The one-time search tooltip and the search-help modal; opening or dismissing either records it as seen. */
export function SearchIntroProvider({ children }: { children: ReactNode }) {
  const [tooltipVisible, setTooltipVisible] = useState(() => !seen());
  const dialog = useRef<HTMLDialogElement>(null);
  const markSeen = useCallback(() => {
    setTooltipVisible(false);
    try {
      localStorage.setItem(SEARCH_TOOLTIP_KEY, 'true');
    } catch {
      // shown again next visit, no harm
    }
  }, []);
  const openHelp = useCallback(() => {
    markSeen();
    dialog.current?.showModal();
  }, [markSeen]);
  const value = useMemo(() => ({ tooltipVisible, dismissTooltip: markSeen, openHelp }), [tooltipVisible, markSeen, openHelp]);
  return (
    <SearchIntroContext.Provider value={value}>
      {children}
      <SearchHelpModal ref={dialog} />
    </SearchIntroContext.Provider>
  );
}

export function useSearchIntro(): SearchIntro {
  const value = useContext(SearchIntroContext);
  if (!value) throw new Error('useSearchIntro() must be used inside <SearchIntroProvider>');
  return value;
}

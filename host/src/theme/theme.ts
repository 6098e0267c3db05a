import { useBrowserSnapshot } from '@shop/mf-shared';
import { useCallback } from 'react';

export const THEME_STORAGE_KEY = 'shop-theme';
export type Theme = 'light' | 'dark';

// The first paint already has the stored theme: index.html's inline script sets
// `data-theme` (and the bar's colour) before any stylesheet or script loads. This module only changes it.
const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The browser's own bar (a phone's status bar, the tab strip) in the header's colour, `--shop-surface`. */
const BAR_COLOUR: Record<Theme, string> = { light: '#ffffff', dark: '#1c1c1c' };

export function setTheme(theme: Theme): void {
  if (theme === 'dark') document.documentElement.dataset.theme = 'dark';
  else delete document.documentElement.dataset.theme;
  document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOUR[theme]);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // the choice then lasts for this page only
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const light = (): Theme => 'light';

export function useTheme(): [Theme, () => void] {
  const theme = useBrowserSnapshot(subscribe, current, light);
  const toggle = useCallback(() => setTheme(current() === 'dark' ? 'light' : 'dark'), []);
  return [theme, toggle];
}

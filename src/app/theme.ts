// Applies the theme: the OS preference unless the user chose one in Settings.
import { useEffect, useSyncExternalStore } from 'react';
import { resolveTheme, useSettings } from '../features/settings';

const query = '(prefers-color-scheme: dark)';

function subscribe(callback: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}

function prefersDark(): boolean {
  return window.matchMedia(query).matches;
}

export function useApplyTheme(): 'light' | 'dark' {
  const dark = useSyncExternalStore(subscribe, prefersDark);
  const choice = useSettings((s) => s.settings.value?.theme ?? 'system');
  const theme = resolveTheme(choice, dark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}

// The theme the settings choose: the OS's preference unless the user picked one.
import type { Theme } from '../../../electron/contract';

export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

import { useT } from '../platform/i18n';

export function Kbd({ children }: { children: string }) {
  return <kbd className="kbd">{children}</kbd>;
}

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** The modifier as this keyboard labels it: ⌘ on a Mac, else Ctrl (Strg on German keyboards). */
export function useModKey(): string {
  const t = useT();
  return isMac ? '⌘' : t('app.key.ctrl');
}

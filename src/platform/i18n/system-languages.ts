// The languages "system" means in this window: Electron's, as the host read them from the OS; in
// browser mode (or before the host has said) the browser's own.
import { useHost } from '../hostStore';

export function systemLanguages(): readonly string[] {
  const info = useHost.getState().appInfo;
  if (info?.host === 'electron' && info.systemLanguages.length > 0) return info.systemLanguages;
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

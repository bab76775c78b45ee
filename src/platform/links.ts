// Opening a web link: the host opens it in the OS browser (after checking its scheme again); in
// browser mode the host says it cannot, and the page opens it in a new tab itself.
import { call } from './api';
import { safeExternalUrl } from '../lib/markdown/inline';

export function openExternal(url: string): void {
  const safe = safeExternalUrl(url);
  if (safe === null) return;
  void call('links.openExternal', { url: safe })
    .then(({ opened }) => {
      if (!opened) window.open(safe, '_blank', 'noopener,noreferrer');
    })
    .catch(() => {
      window.open(safe, '_blank', 'noopener,noreferrer');
    });
}

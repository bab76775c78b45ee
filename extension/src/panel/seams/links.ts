// The panel's seam for src/platform/links.ts (extension/vite.config.ts swaps it in): a web link in
// an answer opens in a new tab of this browser; there is no desktop host to ask.
import { safeExternalUrl } from '../../../../src/lib/markdown/inline';

export function openExternal(url: string): void {
  const safe = safeExternalUrl(url);
  if (safe !== null) window.open(safe, '_blank', 'noopener,noreferrer');
}

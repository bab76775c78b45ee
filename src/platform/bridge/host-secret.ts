// Browser mode's key to its host, taken from the address the host printed
// (`http://127.0.0.1:5180/#token=<secret>`, see electron/contract/wire.ts) before anything else
// reads `location`: the secret is kept in memory, and in this tab's sessionStorage so a reload
// of the tab still works, and removed from the address bar, so it is not in the history, a
// bookmark or a copied link. In Electron there is none to take (the preload is the bridge).
// The zod-free part of the contract: this runs before the schemas are built (./early-socket.ts).
import { readHostSecretFragment } from '../../../electron/contract/page-entry';
import { onIdle } from '../idle';

const STORAGE_KEY = 'assistant-host-secret';

let secret: string | undefined;

/**
 * Kept in sessionStorage once the page is idle, or as it goes away (a reload), whichever comes
 * first: a page's first storage call waits for the browser process, which is busy while the page
 * starts (10-25 ms of the main thread in profiled cold loads), and the first screen need not wait.
 */
function keepForReload(value: string): void {
  let kept = false;
  const keep = () => {
    if (kept) return;
    kept = true;
    try {
      sessionStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Storage refused (a private window's quota): this page load still works.
    }
  };
  onIdle(keep, 2000);
  addEventListener('pagehide', keep, { once: true });
}

function take(): void {
  const found = readHostSecretFragment(location.hash);
  if (found !== undefined) {
    secret = found.secret;
    history.replaceState(null, '', `${location.pathname}${location.search}${found.route}`);
    keepForReload(found.secret);
    return;
  }
  try {
    secret = sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    secret = undefined;
  }
}

take();

/** The host secret this tab was opened with, if any. */
export function hostSecret(): string | undefined {
  return secret;
}

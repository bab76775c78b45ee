// The key the app handed this extension when the user chose Allow (docs/companion.md, "Pairing"):
// kept in chrome.storage.local, the extension's own storage that no web page can read, presented
// in the hello that opens every port, and never logged. Read through zod: storage is a boundary,
// and a value of another shape is no key. Every panel follows the stored value, so a key one
// panel received is the one the others present at their next port.
import { PairingKey } from '../../../electron/contract/companion';
import type { ChromeApi } from '../chrome';

export const PAIRING_KEY_STORAGE = 'companionPairingKey';

export interface PairingKeyHolder {
  get(): string | undefined;
  /** Keeps a key the app just handed out. */
  set(key: string): void;
}

const keyOf = (value: unknown) => {
  const read = PairingKey.safeParse(value);
  return read.success ? read.data : undefined;
};

/** A holder in memory alone (the tests', or a page without storage). */
export function memoryKeyHolder(initial?: string): PairingKeyHolder {
  let key = initial;
  return {
    get: () => key,
    set: (next) => {
      key = next;
    },
  };
}

/** The stored key, read once and then followed as any panel changes it. */
export async function storedKeyHolder(chrome: ChromeApi): Promise<PairingKeyHolder> {
  const stored = await chrome.storage.local.get([PAIRING_KEY_STORAGE]);
  const holder = memoryKeyHolder(keyOf(stored[PAIRING_KEY_STORAGE]));
  chrome.storage.onChanged.addListener((changes, area) => {
    const change = changes[PAIRING_KEY_STORAGE];
    if (area !== 'local' || change === undefined) return;
    const key = keyOf(change.newValue);
    if (key !== undefined) holder.set(key);
  });
  return {
    get: holder.get,
    set(key) {
      holder.set(key);
      // The key itself stays out of the message: a console is no place for it.
      chrome.storage.local.set({ [PAIRING_KEY_STORAGE]: key }).catch(() => {
        console.warn('Assistant companion: the pairing key could not be stored');
      });
    },
  };
}

// The extension's side of a native port, for tests: the relay started as the browser does
// (native-port.ts), then the extension's own hello with the pairing key an earlier Allow gave it,
// as the extension's bridge sends it. Keys are remembered per socket and origin as an Allow hands
// them out (or as a test pairs through the host's `allow`), as the extension keeps its key in
// chrome.storage.local; `key: null` presents none, a string presents that one.
import { openNativePort, type NativePort } from './native-port';
import {
  DEVELOPMENT_EXTENSION_ID,
  EXTRA_EXTENSION_IDS_ENV,
} from '../../../electron/companion/registration/extension-ids';

/** Made-up extension ids (one letter 32 times, a–p) that the tests' hosts let in. */
export const TEST_EXTENSION_IDS = [...'abcdefghijklmnop'].map((letter) => letter.repeat(32));

/** The origins the tests' hosts let in: the made-up ones and the development build's. */
export const TEST_ORIGINS = [DEVELOPMENT_EXTENSION_ID, ...TEST_EXTENSION_IDS].map(
  (id) => `chrome-extension://${id}/`,
);

/** The environment that lets a host started from the sources in the made-up ids too. */
export const TEST_IDS_ENV = { [EXTRA_EXTENSION_IDS_ENV]: TEST_EXTENSION_IDS.join(',') };

const keys = new Map<string, string>();
const slot = (socket: string | undefined, origin: string) => `${socket ?? ''}\n${origin}`;

/** Keeps the key an Allow made without a connection waiting (CompanionHost.allow's answer). */
export function rememberKey(socket: string, origin: string, key: string): void {
  keys.set(slot(socket, origin), key);
}

export function openExtensionPort(
  origin: string,
  env: Record<string, string>,
  options: Parameters<typeof openNativePort>[2] & { key?: string | null } = {},
): NativePort {
  const { key, ...portOptions } = options;
  const where = slot(env.ASSISTANT_COMPANION_SOCKET, origin);
  const presented = key === null ? undefined : (key ?? keys.get(where));
  const opened = openNativePort(origin, env, portOptions);
  opened.send({ type: 'hello', ...(presented === undefined ? {} : { key: presented }) });
  opened
    .next((m) => m.type === 'pairing' && typeof m.key === 'string')
    .then(
      (allowed) => keys.set(where, allowed.key as string),
      () => undefined,
    );
  return opened;
}

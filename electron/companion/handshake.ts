// A companion connection's handshake, in two steps. The relay's hello names the extension's
// origin as the browser gave it: an origin this build does not let in (extension-ids.ts) is
// refused there, with one log line and no question to the user. The extension's own hello then
// presents the key an earlier Allow gave it (pairings.ts), and the stored decision with that key
// says whether the connection is served, waits for the user, or is refused. A connection that
// claims an allowed origin without its key is refused and asks nothing: were it to raise the
// question again, any process could ask the user to click it through (docs/companion.md).
import type { Logger } from '../core/logs/logger';
import type { DecodedFrame } from './frame-codec';
import type { Standing } from '../core/pairings/store';
import {
  COMPANION_PROTOCOL,
  ExtensionHello,
  RelayHello as Hello,
  type RefusalReason,
} from '../contract';

export interface Refusal {
  reason: RefusalReason;
  message: string;
}

/** The relay's hello: the origin, the relay's version and the browser's process name. */
export interface RelayHello {
  origin: string;
  relay: unknown;
  browser: string | undefined;
}

/** The relay's hello, or why the connection is refused (logged here, once). */
export function readRelayHello(
  frame: DecodedFrame,
  allowedOrigins: ReadonlySet<string>,
  log: Logger,
): { ok: true; hello: RelayHello } | ({ ok: false } & Refusal) {
  const hello = frame.kind === 'frame' ? Hello.safeParse(frame.value) : undefined;
  if (hello === undefined || !hello.success) {
    log.warn('Companion: refused a connection whose handshake was not one');
    return {
      ok: false,
      reason: 'bad-handshake',
      message: 'The connection did not start with a handshake.',
    };
  }
  const { origin, relay, browser, protocol } = hello.data;
  if (protocol !== COMPANION_PROTOCOL) {
    log.warn('Companion: refused a relay of another protocol', { protocol });
    return {
      ok: false,
      reason: 'protocol',
      message: 'This relay does not match this version of Assistant Desktop.',
    };
  }
  if (!allowedOrigins.has(origin)) {
    log.warn('Companion: refused an extension this build does not let in', { origin });
    return {
      ok: false,
      reason: 'unknown-extension',
      message: 'Assistant Desktop does not answer this extension.',
    };
  }
  return { ok: true, hello: { origin, relay, browser } };
}

export const isExtensionHello = (frame: DecodedFrame): boolean =>
  frame.kind === 'frame' && ExtensionHello.safeParse(frame.value).success;

/** The key an extension's first frame presents; a frame that is no hello presents none. */
export function presentedKey(frame: DecodedFrame): string | undefined {
  if (frame.kind !== 'frame') return undefined;
  const hello = ExtensionHello.safeParse(frame.value);
  return hello.success ? hello.data.key : undefined;
}

/** Why a connection of this standing is refused (logged here), or undefined when it is not. */
export function refusalFor(standing: Standing, origin: string, log: Logger): Refusal | undefined {
  if (standing === 'denied') return { reason: 'denied', message: deniedMessage(log, origin) };
  if (standing === 'wrong-key') {
    log.warn('Companion: refused a connection without this browser’s pairing key', { origin });
    return {
      reason: 'wrong-key',
      message:
        'This browser was allowed with a key this connection did not present. If the extension was reinstalled, remove this browser in Assistant Desktop’s Settings and allow it again.',
    };
  }
  return undefined;
}

/** Logs the refusal of a browser the user denied; returns what the extension is told. */
export function deniedMessage(log: Logger, origin: string): string {
  log.info('Companion: refused a browser the user denied', { origin });
  return 'Assistant Desktop was told not to answer this browser.';
}

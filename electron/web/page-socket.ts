// One page's socket: the backend's events go out to it (dropped while it is not keeping up), its
// calls come in as frames checked against the wire's schema and are answered by the dispatcher.
// What goes out is cut into frames the size the host accepts itself by the contract's framer
// (contract/frames.ts), the one the companion's host uses too.
import type { WebSocket } from 'ws';
import { HostErrorCodes, type EventName, type EventPayload } from '../contract';
import { createFramer } from '../contract/frames';
import { ClientFrame, type HostMessage } from '../contract/wire';
import type { Backend } from '../core/backend';
import type { Logger } from '../core/logs/logger';

/** Beyond this much unsent data a page is not keeping up; events for it are dropped. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** A text frame read: a call, a malformed call (answered by id when it has one), or not JSON. */
export type ReadFrame =
  { kind: 'call'; frame: ClientFrame } | { kind: 'malformed'; id?: number } | { kind: 'not-json' };

export function readFrame(text: string): ReadFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'not-json' };
  }
  // As before the split: reading `null`'s id threw, and a throw closes the socket as not JSON.
  if (value === null) return { kind: 'not-json' };
  const parsed = ClientFrame.safeParse(value);
  if (parsed.success) return { kind: 'call', frame: parsed.data };
  // Only an id the wire allows (a safe integer) is answered: a page never sent 1e300.
  const id = (value as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0
    ? { kind: 'malformed', id }
    : { kind: 'malformed' };
}

/** Serves one page until its socket closes; `onClosed` runs then. */
export function servePageSocket(
  ws: WebSocket,
  page: {
    pageId: string;
    backend: Pick<Backend, 'dispatch' | 'events'>;
    log: Logger;
    onClosed: () => void;
  },
): void {
  const { backend, log, pageId } = page;
  const framer = createFramer();
  const send = (message: HostMessage): void => {
    if (ws.readyState !== ws.OPEN) return;
    let frames: string[];
    try {
      frames = framer.frames(message);
    } catch (error) {
      log.error('A message too large for the page was not sent', { type: message.type, error });
      if (message.type === 'result') send({ type: 'result', id: message.id, result: TOO_LARGE });
      return;
    }
    for (const frame of frames) ws.send(frame);
  };
  const unsubscribe = backend.events.subscribe(
    <E extends EventName>(name: E, payload: EventPayload<E>) => {
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        log.warn('A page is not keeping up; dropped an event', { name });
        return;
      }
      send({ type: 'event', name, payload });
    },
  );
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      ws.close(1003, 'Text frames only');
      return;
    }
    const read = readFrame(data.toString());
    if (read.kind === 'not-json') {
      ws.close(1007, 'Not JSON');
    } else if (read.kind === 'malformed') {
      if (read.id !== undefined) send({ type: 'result', id: read.id, result: MALFORMED });
    } else {
      const { frame } = read;
      void backend
        .dispatch(frame.name, frame.input, { host: 'browser', pageId })
        .then((result) => send({ type: 'result', id: frame.id, result }));
    }
  });
  ws.on('close', () => {
    unsubscribe();
    page.onClosed();
  });
  ws.on('error', (error) => log.warn('Socket error', { error }));
}

const TOO_LARGE = {
  ok: false,
  error: {
    code: HostErrorCodes.internal,
    message: 'This answer is too large to send to the page.',
    retryable: false,
  },
} as const;

const MALFORMED = {
  ok: false,
  error: {
    code: HostErrorCodes.invalidInput,
    message: 'The call was not a well-formed contract request.',
    retryable: false,
  },
} as const;

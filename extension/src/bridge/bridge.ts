// The panel's connection to the desktop app: a native messaging port to the relay, calls answered
// by id, events, parts joined, the pairing and relay states read into one ConnectionState, and a
// port that ends opened again with backoff. Every message is checked on receipt (./messages).
// Each port opens with the extension's hello, presenting the pairing key an Allow gave it
// (./pairing-key); the Allow's answer carries a new key, which is kept.
// The port is opened through `connect`, so the tests drive the same logic without a browser.
import type { NativePort } from '../chrome';
import type { CallResult } from './messages';
import { InboundMessage } from './messages';
import type { PairingKeyHolder } from './pairing-key';
import { createPartJoiner, type PartFrame } from '../../../electron/contract/frames';
import {
  backoffMs,
  stateOfDisconnect,
  stateOfRelayError,
  type ConnectionKind,
  type ConnectionState,
} from './states';

export const NATIVE_HOST = 'com.assistant.desktop.companion';

/**
 * States whose words stay on screen while the next attempt waits and opens (a missing app, or
 * something not the app at its address, a refusal): "Connecting…" would hide what to do.
 */
const KEEPS_WORDS_WHILE_RETRYING: ReadonlySet<ConnectionKind> = new Set([
  'not-running',
  'untrusted',
  'refused',
]);

export interface BridgeOptions {
  /** Opens a port to the native host (chrome.runtime.connectNative(NATIVE_HOST)). */
  connect(): NativePort;
  /**
   * Why the port closed, read inside onDisconnect: chrome.runtime.lastError's message in
   * Chromium, the port's own `error` in Firefox (which sets no lastError for ports).
   */
  lastError(port: NativePort): string | undefined;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Where the pairing key is kept (chrome.storage.local in the panel: storedKeyHolder). */
  pairingKey: PairingKeyHolder;
  /** Something refused on receipt: a message that fits no shape, a broken part. */
  onDropped?(reason: string): void;
}

export interface Bridge {
  readonly state: ConnectionState;
  onState(listener: (state: ConnectionState) => void): () => void;
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
  /** A call of the companion's subset; answered with the contract's Result, never thrown. */
  call(name: string, input: unknown): Promise<CallResult>;
  /** Opens the port again now (a "Try again" button), whatever the state. */
  retry(): void;
  close(): void;
}

function failed(code: string, message: string, retryable = true): CallResult {
  return { ok: false, error: { code, message, retryable } };
}

/** The codes a call is answered with when it never reached the app. */
export const BridgeErrorCodes = {
  notConnected: 'companion_not_connected',
  disconnected: 'companion_disconnected',
} as const;

class NativeBridge implements Bridge {
  private current: ConnectionState = { kind: 'connecting' };
  private port: NativePort | null = null;
  private timer: unknown;
  private attempt = 0;
  private closed = false;
  private nextId = 1;
  private readonly pending = new Map<number, (result: CallResult) => void>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly eventListeners = new Set<(name: string, payload: unknown) => void>();
  private readonly joiner = createPartJoiner();

  constructor(private readonly options: BridgeOptions) {
    this.open();
  }

  get state(): ConnectionState {
    return this.current;
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onEvent(listener: (name: string, payload: unknown) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  call(name: string, input: unknown): Promise<CallResult> {
    const port = this.port;
    if (port === null || this.current.kind !== 'ready') {
      return Promise.resolve(
        failed(BridgeErrorCodes.notConnected, 'Not connected to Assistant yet.'),
      );
    }
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<CallResult>((resolve) => {
      this.pending.set(id, resolve);
      port.postMessage({ type: 'call', id, name, input });
    });
  }

  retry(): void {
    this.attempt = 0;
    const old = this.port;
    this.port = null;
    old?.disconnect();
    this.failPending();
    this.cancelTimer();
    this.open();
  }

  close(): void {
    this.closed = true;
    this.cancelTimer();
    this.port?.disconnect();
    this.port = null;
    this.failPending();
  }

  private setState(next: ConnectionState): void {
    this.current = next;
    for (const listener of [...this.stateListeners]) listener(next);
  }

  private failPending(): void {
    for (const answer of this.pending.values()) {
      answer(failed(BridgeErrorCodes.disconnected, 'The connection to Assistant ended.'));
    }
    this.pending.clear();
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.options.clearTimer(this.timer);
    this.timer = undefined;
  }

  private open(): void {
    if (this.closed) return;
    this.joiner.reset();
    const kind = this.current.kind;
    if (!KEEPS_WORDS_WHILE_RETRYING.has(kind)) this.setState({ kind: 'connecting' });
    let opened: NativePort;
    try {
      opened = this.options.connect();
    } catch {
      this.setState({ kind: 'not-installed' });
      return;
    }
    this.port = opened;
    opened.onMessage.addListener((raw) => {
      if (this.port === opened) this.receive(raw);
    });
    opened.onDisconnect.addListener(() => this.ended(opened));
    const key = this.options.pairingKey.get();
    opened.postMessage({ type: 'hello', ...(key === undefined ? {} : { key }) });
  }

  private ended(opened: NativePort): void {
    if (opened !== this.port) return;
    const error = this.options.lastError(opened);
    this.port = null;
    this.joiner.reset();
    this.failPending();
    if (this.closed) return;
    const refused = this.current.kind === 'refused' ? this.current.reason : null;
    // Deny is the user's answer, and a refused key waits for them to pair again in the app:
    // nothing is tried again until they ask (Try again).
    if (refused === 'denied' || refused === 'wrong-key') return;
    const kind = stateOfDisconnect(error);
    const delay = backoffMs(this.attempt);
    this.attempt += 1;
    // A refusal or a missing app keeps its words on screen while the next attempt waits.
    if (kind !== 'disconnected') this.setState({ kind });
    else if (!KEEPS_WORDS_WHILE_RETRYING.has(this.current.kind) && refused === null) {
      this.setState({ kind: 'disconnected', retryInMs: delay });
    }
    this.timer = this.options.setTimer(() => {
      this.timer = undefined;
      this.open();
    }, delay);
  }

  private receive(raw: unknown): void {
    const parsed = InboundMessage.safeParse(raw);
    if (parsed.success) this.handle(parsed.data);
    else this.options.onDropped?.('a message of no known shape');
  }

  private handle(message: InboundMessage): void {
    switch (message.type) {
      case 'pairing':
        if (message.state === 'allowed') {
          this.attempt = 0;
          if (message.key !== undefined) this.options.pairingKey.set(message.key);
          this.setState({ kind: 'ready', app: message.app });
        } else this.setState({ kind: 'waiting-for-allow' });
        return;
      case 'refused': {
        const reason = message.reason;
        this.setState({
          kind: 'refused',
          reason:
            reason === 'denied' || reason === 'revoked' || reason === 'wrong-key'
              ? reason
              : 'other',
        });
        return;
      }
      case 'result': {
        const answer = this.pending.get(message.id);
        this.pending.delete(message.id);
        answer?.(message.result);
        return;
      }
      case 'event':
        for (const listener of [...this.eventListeners]) listener(message.name, message.payload);
        return;
      case 'part':
        this.receivePart(message);
        return;
      default:
        this.handleStatus(message);
    }
  }

  private handleStatus(message: InboundMessage): void {
    if (message.type === 'relay-status' && message.state === 'starting-app') {
      this.setState({ kind: 'starting-app' });
    } else if (message.type === 'relay-error') {
      const kind = stateOfRelayError(message.code);
      if (kind === 'not-running' || kind === 'untrusted') this.setState({ kind });
      else if (kind === null)
        this.options.onDropped?.(`the relay refused a message: ${message.code}`);
    } else if (message.type === 'notice') {
      this.options.onDropped?.(`the app refused a message: ${message.code}`);
    }
  }

  private receivePart(part: PartFrame): void {
    const outcome = this.joiner.accept(part);
    if (outcome.kind === 'dropped')
      this.options.onDropped?.(`a message in parts: ${outcome.reason}`);
    if (outcome.kind !== 'complete') return;
    let whole: unknown;
    try {
      whole = JSON.parse(outcome.text);
    } catch {
      this.options.onDropped?.('a message in parts that is not JSON');
      return;
    }
    // A joined message is never itself a part: the app cuts only whole messages.
    const parsed = InboundMessage.safeParse(whole);
    if (parsed.success && parsed.data.type !== 'part') this.handle(parsed.data);
    else this.options.onDropped?.('a joined message of no known shape');
  }
}

export function createBridge(options: BridgeOptions): Bridge {
  return new NativeBridge(options);
}

// The whole surface the renderer gets from Electron: `window.assistant = { invoke, on }`, limited
// to the contract's names. No ipcRenderer, no Node, no Electron event objects reach the page.
// Sandboxed (CommonJS bundle, only 'electron' may be required); inputs and outputs are validated
// by main (and again by src/platform/bridge), so this file only refuses names and shapes.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Result } from '../contract';
import {
  EVENT_CHANNEL,
  INVOKE_CHANNEL,
  isAllowedEventName,
  isAllowedRequestName,
} from './channels';

type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();

// One IPC listener for all events: the renderer's listeners never see the Electron event.
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  const set = listeners.get(name);
  if (set === undefined) return;
  for (const listener of [...set]) {
    try {
      listener(payload);
    } catch (error) {
      // One broken listener must not stop the others from hearing the event.
      console.error(`assistant: a listener for ${name} threw`, error);
    }
  }
});

function refused(code: string, message: string): Result<never> {
  return { ok: false, error: { code, message, retryable: false } };
}

const bridge = {
  invoke(name: unknown, input: unknown): Promise<unknown> {
    if (!isAllowedRequestName(name)) {
      return Promise.resolve(refused('unknown_request', `Unknown request: ${String(name)}`));
    }
    return ipcRenderer.invoke(INVOKE_CHANNEL, name, input);
  },
  on(event: unknown, listener: unknown): () => void {
    if (!isAllowedEventName(event)) throw new TypeError(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const typed = listener as Listener;
    let set = listeners.get(event);
    if (set === undefined) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(typed);
    return () => {
      listeners.get(event)?.delete(typed);
    };
  },
};

contextBridge.exposeInMainWorld('assistant', Object.freeze(bridge));

/* global window */
// Runs in the page before any page script, in every frame (Playwright's init script), and there
// plays Electron's renderer side for a sandboxed, context-isolated preload:
// https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts
// https://www.electronjs.org/docs/latest/api/context-bridge
// https://www.electronjs.org/docs/latest/api/ipc-renderer
// It is the expression `(function (config, preload) {…})`: windows.ts calls it with the launch's
// settings and the REAL built preload (out/preload/index.cjs) wrapped as a CommonJS function.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- an expression, called by windows.ts
(function electronDoubleRenderer(config, preload) {
  'use strict';
  // The one channel to main (a Playwright binding) is taken and removed from the page's reach
  // before any page script runs: only the preload's ipcRenderer holds it.
  const call = globalThis[config.binding];
  try {
    delete globalThis[config.binding];
  } catch {
    // kept non-configurable by the driver: nothing to do
  }
  if (typeof call !== 'function') return;
  // nodeIntegrationInSubFrames is off: Electron runs the preload in the main frame only.
  if (window !== window.top) return;

  const unsupported = (api) => {
    throw new Error(`not supported by the Electron double: ${api}`);
  };
  const strict = (name, target) =>
    new Proxy(target, {
      get(object, key) {
        if (typeof key === 'symbol' || key in object) return object[key];
        if (key === 'then') return undefined;
        return unsupported(`${name}.${String(key)}`);
      },
    });

  const documentId = Math.random().toString(36).slice(2);
  const listeners = new Map();
  const eventObject = () => ({ sender: ipcRenderer, ports: [] });

  const ipcRenderer = strict('ipcRenderer', {
    // Values are structured-cloned on the way (an uncloneable one throws, as in Electron).
    invoke(channel, ...args) {
      let cloned;
      try {
        cloned = structuredClone(args);
      } catch {
        return Promise.reject(new Error('An object could not be cloned.'));
      }
      return call({ kind: 'invoke', documentId, channel: String(channel), args: cloned }).then(
        (answer) => {
          if (answer.ok) return answer.value;
          throw new Error(`Error invoking remote method '${channel}': ${answer.message}`);
        },
      );
    },
    on(channel, listener) {
      let set = listeners.get(channel);
      if (set === undefined) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return ipcRenderer;
    },
    once(channel, listener) {
      const wrapped = (...args) => {
        ipcRenderer.removeListener(channel, wrapped);
        listener(...args);
      };
      return ipcRenderer.on(channel, wrapped);
    },
    off(channel, listener) {
      return ipcRenderer.removeListener(channel, listener);
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    removeAllListeners(channel) {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
  });

  // main → renderer: webContents.send lands here, in order, through a long poll on the binding.
  const poll = () =>
    call({ kind: 'poll', documentId }).then(
      (messages) => {
        for (const { channel, args } of messages) {
          for (const listener of [...(listeners.get(channel) ?? [])]) {
            listener(eventObject(), ...structuredClone(args));
          }
        }
        poll();
      },
      () => {},
    );
  poll();

  // contextBridge: the page gets copies. Functions are wrapped (their arguments and results copied
  // across too, promises included); every other value is copied and frozen.
  const copy = (value, freeze) => {
    if (typeof value === 'function') {
      const wrapped = function (...args) {
        let result;
        try {
          result = value(...args.map((arg) => copy(arg, false)));
        } catch (error) {
          // Electron passes only the message across: the preload's error object stays behind.
          // eslint-disable-next-line preserve-caught-error
          throw new Error(error instanceof Error ? error.message : String(error));
        }
        return copy(result, freeze);
      };
      return wrapped;
    }
    if (value instanceof Promise) {
      return value.then(
        (resolved) => copy(resolved, freeze),
        (error) => {
          throw new Error(error instanceof Error ? error.message : String(error));
        },
      );
    }
    if (value !== null && typeof value === 'object') {
      let out;
      if (Array.isArray(value)) out = value.map((item) => copy(item, freeze));
      else if (
        Object.getPrototypeOf(value) === Object.prototype ||
        Object.getPrototypeOf(value) === null
      ) {
        out = {};
        for (const key of Object.keys(value)) out[key] = copy(value[key], freeze);
      } else {
        out = structuredClone(value);
      }
      return freeze ? Object.freeze(out) : out;
    }
    return value;
  };
  const contextBridge = strict('contextBridge', {
    exposeInMainWorld(key, api) {
      if (key in window) {
        throw new Error('Cannot bind an API on top of an existing property on the window object');
      }
      Object.defineProperty(window, key, {
        value: copy(api, true),
        enumerable: true,
        configurable: false,
        writable: false,
      });
    },
  });

  // A sandboxed preload may require only these (and a few Node-like polyfills the double lacks).
  const electron = strict('electron (renderer)', { contextBridge, ipcRenderer });
  const sandboxRequire = (name) => {
    if (name === 'electron' || name === 'electron/renderer') return electron;
    if (name === 'events' || name === 'timers' || name === 'url') {
      return unsupported(`require('${name}') in a sandboxed preload`);
    }
    throw new Error(`module not found: ${name}`);
  };
  const module = { exports: {} };
  const sandboxProcess = strict('process (sandboxed preload)', {
    platform: config.platform,
    type: 'renderer',
    sandboxed: true,
    contextIsolated: true,
    env: {},
  });
  preload.call(module.exports, module.exports, sandboxRequire, module, '', '', sandboxProcess);
});

// The global shortcut that brings the app forward on the deal picker. What to register or
// release, and what to tell the user about the result, are core's decisions
// (electron/core/desktop/shortcut.ts); this only talks to Electron's globalShortcut.

import { globalShortcut } from 'electron';
import { planShortcut, type ShortcutState } from '../core/desktop';
import type { Logger } from '../core/logs/logger';

export interface GlobalShortcut {
  /** Registers the shortcut the settings name (null: none), releasing the previous one. */
  apply(accelerator: string | null): ShortcutState;
  state(): ShortcutState;
  dispose(): void;
}

export function createGlobalShortcut(options: { log: Logger; onPress(): void }): GlobalShortcut {
  let state: ShortcutState = { status: 'off' };

  return {
    apply(wanted) {
      const plan = planShortcut(state, wanted);
      if (plan.release !== undefined) globalShortcut.unregister(plan.release);
      if (plan.register === undefined) {
        state = plan.state ?? { status: 'off' };
      } else {
        const accelerator = plan.register;
        try {
          // False when another app or the desktop holds it (or, on Wayland, refuses it).
          const registered = globalShortcut.register(accelerator, () => options.onPress());
          state = registered
            ? { status: 'registered', accelerator }
            : { status: 'refused', accelerator };
        } catch (error) {
          state = {
            status: 'failed',
            accelerator,
            message: error instanceof Error ? error.message : String(error),
          };
        }
      }
      if (state.status === 'refused' || state.status === 'failed') {
        options.log.warn('The global shortcut could not be registered', { ...state });
      }
      return state;
    },
    state: () => state,
    dispose() {
      if (state.status === 'registered') globalShortcut.unregister(state.accelerator);
      state = { status: 'off' };
    },
  };
}

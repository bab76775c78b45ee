// In-app toasts: the host's `notification` decisions (and the app's own short confirmations).
// The queue is the platform's, so that any feature may say something short (the runs feature's
// "Output copied") without importing the notifications feature, which shows the queue and itself
// starts runs from a notification's action.
import { create } from 'zustand';
import type { Navigate, NotificationAction, NotificationText } from '../../electron/contract';

export interface Toast {
  id: string;
  /** The words as they came; shown when there is no `message` the reader can format. */
  title: string;
  body?: string;
  /** A host notification's words as messages: formatted as it renders, in the language in use. */
  message?: NotificationText;
  kind: string;
  navigate?: Navigate;
  /** "Prepare" on a meeting notification: starts the run the host built. */
  actions?: NotificationAction[];
}

interface ToastsState {
  toasts: Toast[];
  show(toast: Toast): void;
  dismiss(id: string): void;
}

const MAX_TOASTS = 4;

export const useToasts = create<ToastsState>((set) => ({
  toasts: [],
  show(toast) {
    set((s) => ({
      toasts: [...s.toasts.filter((t) => t.id !== toast.id), toast].slice(-MAX_TOASTS),
    }));
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

let counter = 0;

/** A short confirmation from the app itself ("Copied"). */
export function toast(title: string, body?: string): void {
  counter += 1;
  useToasts
    .getState()
    .show({ id: `local-${counter}`, title, kind: 'local', ...(body ? { body } : {}) });
}

// A link can arrive before anything can show it: macOS sends `open-url` before the app is ready,
// and a first-launch argv link is read while the window is still being created. The inbox keeps
// the most recent link until a handler is attached; an older pending link is superseded, because
// the user's last click is the one they expect to see.

import type { DeepLink } from './link';

export interface DeepLinkInbox {
  /** Delivers now when a handler is attached, or keeps it until one is. */
  push(link: DeepLink): void;
  /** Attaches the handler and delivers the pending link, if any. Returns a detach function. */
  attach(handler: (link: DeepLink) => void): () => void;
  /** The link waiting for a handler, if any. */
  pending(): DeepLink | undefined;
}

export function createDeepLinkInbox(): DeepLinkInbox {
  let waiting: DeepLink | undefined;
  let handler: ((link: DeepLink) => void) | undefined;

  return {
    push(link) {
      if (handler) handler(link);
      else waiting = link;
    },
    attach(next) {
      handler = next;
      const link = waiting;
      waiting = undefined;
      if (link) next(link);
      return () => {
        if (handler === next) handler = undefined;
      };
    },
    pending() {
      return waiting;
    },
  };
}

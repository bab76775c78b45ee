// Core's pushed events, fanned out: every one to the app window, and the few the shell itself
// acts on to the tray, the unread badge, the updater, the OS settings and Chromium's cookie jar.

import type { EventName, EventPayload } from '../contract';
import type { Backend } from '../core/backend';
import type { TrayController } from './tray-controller';
import type { UnreadBadgeView } from './unread-badge';
import type { UpdateController } from '../core/updates';

/** One contract event with its payload, discriminated by name. */
type AnyEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

export interface CoreEventTargets {
  /** To the app window's page (nothing when no window listens). */
  send<E extends EventName>(name: E, payload: EventPayload<E>): void;
  tray: TrayController;
  unreadBadge: UnreadBadgeView;
  updates: Pick<UpdateController, 'runsChanged'>;
  applySettings(settings: EventPayload<'settings.changed'>): void;
  /** Sign-out forgets everything: nothing of a session may linger in Chromium's jar. */
  clearCookies(): void;
}

/** Subscribes; returns the unsubscribe function. */
export function routeCoreEvents(backend: Backend, targets: CoreEventTargets): () => void {
  const { tray } = targets;
  return backend.events.subscribe((name, payload) => {
    targets.send(name, payload);
    const event = { name, payload } as AnyEvent;
    switch (event.name) {
      case 'runs.changed':
        tray.tray()?.update({ liveRuns: event.payload.runs });
        targets.updates.runsChanged();
        break;
      case 'inbox.changed':
        tray.tray()?.update({ unread: event.payload.unread });
        targets.unreadBadge.show(event.payload.unread);
        break;
      case 'data.refreshed':
        if (event.payload.key === 'briefings.meeting') tray.refreshMeeting();
        if (event.payload.key === 'agents') tray.refreshAgentNames();
        break;
      case 'settings.changed':
        targets.applySettings(event.payload);
        break;
      case 'session.changed':
        if (!event.payload.signedIn && !event.payload.expired) targets.clearCookies();
        tray.refreshMeeting();
        break;
      default:
        break;
    }
  });
}

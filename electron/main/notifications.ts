// The scheduler's decisions shown as native notifications. Clicking one brings the window
// forward on the decided screen; a "Prepare" button (macOS and Windows show buttons; Linux
// shows none, and the click still opens the briefing) starts the prep run through the contract
// and opens it. What each does is plain data from core (electron/core/desktop).

import { Notification } from 'electron';
import type { Navigate, RunsStartInput } from '../contract';
import { nativeNotificationFields, navigateFor, notificationActions } from '../core/desktop';
import type { Logger } from '../core/logs/logger';
import type { NotificationDecision } from '../core/notifications';

export interface NotificationPresenterOptions {
  log: Logger;
  platform: NodeJS.Platform;
  icon?: string;
  /** Shows the window and tells the renderer where to go. */
  navigate(target: Navigate): void;
  /** Starts a run (contract `runs.start`): its id, or undefined when it could not start. */
  startRun(input: RunsStartInput): Promise<string | undefined>;
}

export interface NotificationPresenter {
  /** False when the OS gives the app no notifications at all (the caller says so in Settings). */
  readonly supported: boolean;
  show(decision: NotificationDecision): void;
}

export function createNotificationPresenter(
  options: NotificationPresenterOptions,
): NotificationPresenter {
  const supported = Notification.isSupported();
  // Windows: a toast clicked in Action Center after the app restarted (or after its object was
  // gone) arrives here; it opens the app on today's briefing.
  if (options.platform === 'win32') {
    Notification.handleActivation(() => options.navigate({ screen: 'today' }));
  }
  // Electron notifications are garbage-collected with their handlers unless something holds them.
  const visible = new Set<Notification>();

  return {
    supported,
    show(decision) {
      if (!supported) return;
      const fields = nativeNotificationFields(decision);
      const actions = notificationActions(decision);
      const notification = new Notification({
        title: fields.title,
        body: fields.body,
        actions: fields.actions,
        ...(options.icon === undefined ? {} : { icon: options.icon }),
      });
      visible.add(notification);
      const forget = () => visible.delete(notification);
      const target = navigateFor(decision.target);
      notification.on('click', () => {
        forget();
        options.navigate(target);
      });
      notification.on('action', (event) => {
        forget();
        const action = actions[event.actionIndex];
        if (action === undefined) return;
        // The run's page when it started; the briefing (where the user can try again) if not.
        options
          .startRun(action.run)
          .then((runId) =>
            options.navigate(runId === undefined ? target : { screen: 'runs', id: runId }),
          )
          .catch((error: unknown) => {
            options.log.warn('The prepare action could not start a run', { error });
            options.navigate(target);
          });
      });
      // On Windows `close` fires when the toast moves to Action Center, where it can still be
      // clicked: dropping it then would let its handlers be collected. Kept until used there.
      if (options.platform !== 'win32') notification.on('close', forget);
      notification.on('failed', (_event, error) => {
        forget();
        options.log.warn('A notification could not be shown', { kind: decision.kind, error });
      });
      notification.show();
    },
  };
}

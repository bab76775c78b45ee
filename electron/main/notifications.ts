// The scheduler's decisions shown as native notifications. Clicking one brings the window
// forward on the decided screen; a "Prepare" button (macOS and Windows show buttons; Linux
// shows none, and the click still opens the briefing) starts the prep run through the contract.

import { Notification } from 'electron';
import type { Navigate } from '../contract';
import type { Logger } from '../core/logs/logger';
import type { NotificationDecision } from '../core/notifications';
import { nativeNotificationFields, navigateFor, prepareRunInput } from './notification-model';

export interface NotificationPresenterOptions {
  log: Logger;
  icon?: string;
  /** Shows the window and tells the renderer where to go. */
  navigate(target: Navigate): void;
  /** Starts a run (contract `runs.start`); failures are the dispatcher's to report. */
  startRun(input: { agentId: string; dealId: string; message: string }): Promise<void>;
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
  // Electron notifications are garbage-collected with their handlers unless something holds them.
  const visible = new Set<Notification>();

  return {
    supported,
    show(decision) {
      if (!supported) return;
      const fields = nativeNotificationFields(decision);
      const notification = new Notification({
        title: fields.title,
        body: fields.body,
        actions: fields.actions,
        ...(options.icon === undefined ? {} : { icon: options.icon }),
      });
      visible.add(notification);
      const forget = () => visible.delete(notification);
      notification.on('click', () => {
        forget();
        options.navigate(navigateFor(decision.target));
      });
      notification.on('action', (event) => {
        forget();
        const action = decision.actions?.[event.actionIndex];
        if (action === undefined) return;
        options.navigate(navigateFor(decision.target));
        options.startRun(prepareRunInput(action)).catch((error: unknown) => {
          options.log.warn('The prepare action could not start a run', { error });
        });
      });
      notification.on('close', forget);
      notification.on('failed', (_event, error) => {
        forget();
        options.log.warn('A notification could not be shown', { kind: decision.kind, error });
      });
      notification.show();
    },
  };
}

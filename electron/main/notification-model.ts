// Where a notification click takes the user, and what a "Prepare" action starts: plain data
// from the scheduler's decision, so it is tested without Electron.

import type { Navigate } from '../contract';
import type {
  NotificationDecision,
  NotificationTarget,
  PrepareAction,
} from '../core/notifications';

export function navigateFor(target: NotificationTarget): Navigate {
  switch (target.screen) {
    case 'today':
    case 'briefing':
      return { screen: 'today' };
    case 'run':
      return { screen: 'runs', id: target.runId };
    case 'usage':
      return { screen: 'usage' };
  }
}

/** The message a "Prepare" action starts the prep agent with. */
export const PREPARE_MESSAGE = 'Prepare me for this meeting: key facts, open questions and risks.';

export function prepareRunInput(action: PrepareAction): {
  agentId: string;
  dealId: string;
  message: string;
} {
  return { agentId: action.agentId, dealId: action.dealId, message: PREPARE_MESSAGE };
}

/** The OS notification's fields. Actions are shown as buttons where the OS supports them. */
export function nativeNotificationFields(decision: NotificationDecision): {
  title: string;
  body: string;
  actions: { type: 'button'; text: string }[];
} {
  return {
    title: decision.title,
    body: decision.body,
    actions: (decision.actions ?? []).map((action) => ({
      type: 'button' as const,
      text: action.label,
    })),
  };
}

// What a notification does when followed, as plain data from the scheduler's decision: the
// screen a click opens, and the run a "Prepare" action starts. Shared by the Electron shell
// (native notifications) and the backend (the `notification` event browser mode shows as a
// toast), so both take the user to the same place. Titles, bodies and labels carry service text
// (deal, meeting and agent names): they leave here through the visible-text sanitiser, so a name
// cannot reorder a notification with bidi controls.
import {
  RunsStartInput,
  type AppNotification,
  type Navigate,
  type NotificationAction,
} from '../../contract';
import { prepareMessage } from '../../domain/briefings/prepare';
import { coreWords } from '../i18n/words';
import { formatNotice } from '../../domain/notifications/notification-text';
import { visibleLine, visibleText } from '../../domain/text/visible-text';
import type { NotificationDecision, NotificationTarget, PrepareAction } from '../notifications';

export function navigateFor(target: NotificationTarget): Navigate {
  switch (target.screen) {
    case 'today':
      return { screen: 'today' };
    case 'briefing':
      // Today shows both briefings; the id scrolls to (and focuses) the meeting's.
      return { screen: 'today', id: target.which };
    case 'run':
      return { screen: 'runs', id: target.runId };
    case 'usage':
      return { screen: 'usage' };
  }
}

/**
 * The question a notification's or the tray's "Prepare" asks, in the language in use: a
 * salesperson asks in their own language, as Today's Prepare does.
 */
export function prepareQuestion(): string {
  return prepareMessage(coreWords().t);
}

/**
 * The run a "Prepare" action starts, or undefined when the decision's agent or deal could not
 * start one (a deal id that is not a UUID, say): the notification is then shown without it.
 */
export function prepareRunInput(action: PrepareAction): RunsStartInput | undefined {
  const parsed = RunsStartInput.safeParse({
    agentId: action.agentId,
    dealId: action.dealId,
    message: prepareQuestion(),
  });
  return parsed.success ? parsed.data : undefined;
}

/** The actions of a decision that can actually be carried out, in order. */
export function notificationActions(decision: NotificationDecision): NotificationAction[] {
  return (decision.actions ?? []).flatMap((action) => {
    const run = prepareRunInput(action);
    return run === undefined ? [] : [{ id: action.id, label: visibleLine(action.label), run }];
  });
}

/** The OS notification's fields. Actions are shown as buttons where the OS supports them. */
export function nativeNotificationFields(decision: NotificationDecision): {
  title: string;
  body: string;
  actions: { type: 'button'; text: string }[];
} {
  // Formatted now, as the OS shows it, in the language in use now.
  const words = formatNotice(coreWords(), decision);
  return {
    title: visibleLine(words.title),
    body: visibleText(words.body, { lines: 'many' }),
    actions: notificationActions(decision).map((action) => ({
      type: 'button' as const,
      text: action.label,
    })),
  };
}

/** The decision as the contract's `notification` event (browser mode shows it as a toast). */
export function toAppNotification(decision: NotificationDecision, at: Date): AppNotification {
  const actions = notificationActions(decision);
  const words = formatNotice(coreWords(), decision);
  return {
    id: decision.key,
    kind: decision.kind,
    title: visibleLine(words.title),
    body: visibleText(words.body, { lines: 'many' }),
    ...(decision.message === undefined ? {} : { message: decision.message }),
    navigate: navigateFor(decision.target),
    ...(actions.length === 0 ? {} : { actions }),
    ...(decision.group === undefined ? {} : { group: decision.group }),
    at: at.toISOString(),
  };
}

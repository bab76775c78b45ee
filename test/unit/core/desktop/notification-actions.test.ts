// Following a notification: each kind opens its screen (the run, Usage, Today, the meeting's
// briefing) and "Prepare" starts the prep agent on the meeting's deal, natively and in browser
// mode alike.
import { describe, expect, it } from 'vitest';
import { AppNotification, Navigate, RunsStartInput } from '../../../../electron/contract';
import {
  nativeNotificationFields,
  navigateFor,
  notificationActions,
  prepareQuestion,
  toAppNotification,
} from '../../../../electron/core/desktop';
import type { NotificationDecision } from '../../../../electron/core/notifications';

const dealId = '7d1c2f6e-3a51-4b8e-9f0a-1c2d3e4f5a6b';
const meeting: NotificationDecision = {
  kind: 'meeting-briefing',
  key: 'meeting-briefing:id:m1',
  title: 'Renewal call',
  body: 'Starts at 10:30 (in 15 min)',
  target: { screen: 'briefing', which: 'meeting' },
  actions: [{ id: 'prepare', label: 'Prepare', agentId: 'sales.meeting_prep', dealId }],
};

describe('where a notification takes the user', () => {
  it('opens the screen the decision names', () => {
    expect(navigateFor({ screen: 'today' })).toEqual({ screen: 'today' });
    expect(navigateFor({ screen: 'briefing', which: 'meeting' })).toEqual({
      screen: 'today',
      id: 'meeting',
    });
    expect(navigateFor({ screen: 'run', runId: 'run_9' })).toEqual({ screen: 'runs', id: 'run_9' });
    expect(navigateFor({ screen: 'usage' })).toEqual({ screen: 'usage' });
    for (const target of [
      { screen: 'run', runId: 'x' },
      { screen: 'usage' },
      { screen: 'briefing', which: 'meeting' },
    ] as const) {
      expect(Navigate.safeParse(navigateFor(target)).success).toBe(true);
    }
  });

  it('shows Prepare as a button that starts a valid run on the meeting deal', () => {
    expect(nativeNotificationFields(meeting)).toEqual({
      title: 'Renewal call',
      body: 'Starts at 10:30 (in 15 min)',
      actions: [{ type: 'button', text: 'Prepare' }],
    });
    const [action] = notificationActions(meeting);
    expect(action?.run).toEqual({
      agentId: 'sales.meeting_prep',
      dealId,
      message: prepareQuestion(),
    });
    expect(RunsStartInput.safeParse(action?.run).success).toBe(true);
  });

  it('shows service text in titles, bodies and labels as sent, natively and as a toast', () => {
    const hostile: NotificationDecision = {
      ...meeting,
      title: 'Renewal with Mallory \u202enimda\u202c',
      body: 'Deal: \u2067Acme\u2069\r\nStarts \u001b[2Jsoon',
      actions: [{ id: 'prepare', label: 'Prepare \u202e', agentId: 'sales.meeting_prep', dealId }],
    };
    const native = nativeNotificationFields(hostile);
    const toast = toAppNotification(hostile, new Date('2026-11-23T09:15:00Z'));
    for (const shown of [native, toast]) {
      expect(shown.title).toBe('Renewal with Mallory nimda');
      expect(shown.body).toBe('Deal: Acme\nStarts [2Jsoon');
    }
    expect(native.actions).toEqual([{ type: 'button', text: 'Prepare ' }]);
    expect(toast.actions?.[0]?.label).toBe('Prepare ');
  });

  it('drops a Prepare that could not start (a deal id the contract refuses)', () => {
    const odd: NotificationDecision = {
      ...meeting,
      actions: [{ id: 'prepare', label: 'Prepare', agentId: 'sales.meeting_prep', dealId: 'D-17' }],
    };
    expect(notificationActions(odd)).toEqual([]);
    expect(nativeNotificationFields(odd).actions).toEqual([]);
    expect(toAppNotification(odd, new Date('2026-11-23T09:15:00Z')).actions).toBeUndefined();
  });

  it('becomes the contract event browser mode shows as a toast', () => {
    const event = toAppNotification(meeting, new Date('2026-11-23T09:15:00Z'));
    expect(AppNotification.parse(event)).toEqual({
      id: 'meeting-briefing:id:m1',
      kind: 'meeting-briefing',
      title: 'Renewal call',
      body: 'Starts at 10:30 (in 15 min)',
      navigate: { screen: 'today', id: 'meeting' },
      actions: [
        {
          id: 'prepare',
          label: 'Prepare',
          run: { agentId: 'sales.meeting_prep', dealId, message: prepareQuestion() },
        },
      ],
      at: '2026-11-23T09:15:00.000Z',
    });
    const finished = toAppNotification(
      {
        kind: 'run-finished',
        key: 'run-finished:run_1',
        title: 'Deal coach finished',
        body: 'Deal: Contoso · Status: succeeded',
        target: { screen: 'run', runId: 'run_1' },
      },
      new Date('2026-11-23T09:15:00Z'),
    );
    expect(finished).toMatchObject({ navigate: { screen: 'runs', id: 'run_1' } });
    expect(finished).not.toHaveProperty('actions');
  });
});

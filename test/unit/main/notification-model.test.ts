import { describe, expect, it } from 'vitest';
import { Navigate, RunsStartInput } from '../../../electron/contract';
import type { NotificationDecision } from '../../../electron/core/notifications';
import {
  nativeNotificationFields,
  navigateFor,
  prepareRunInput,
} from '../../../electron/main/notification-model';

describe('native notifications from scheduler decisions', () => {
  it('takes the user to the screen the decision names', () => {
    expect(navigateFor({ screen: 'today' })).toEqual({ screen: 'today' });
    expect(navigateFor({ screen: 'briefing', which: 'meeting' })).toEqual({ screen: 'today' });
    expect(navigateFor({ screen: 'run', runId: 'run_9' })).toEqual({ screen: 'runs', id: 'run_9' });
    expect(navigateFor({ screen: 'usage' })).toEqual({ screen: 'usage' });
    for (const target of [{ screen: 'run', runId: 'x' }, { screen: 'usage' }] as const) {
      expect(Navigate.safeParse(navigateFor(target)).success).toBe(true);
    }
  });

  it('shows Prepare as a button and starts a valid run with it', () => {
    const decision: NotificationDecision = {
      kind: 'meeting-briefing',
      key: 'meeting:m1',
      title: 'Meeting with Acme in 15 minutes',
      body: 'Renewal discussion',
      target: { screen: 'briefing', which: 'meeting' },
      actions: [
        {
          id: 'prepare',
          label: 'Prepare',
          agentId: 'sales.meeting_prep',
          dealId: '7d1c2f6e-3a51-4b8e-9f0a-1c2d3e4f5a6b',
        },
      ],
    };
    expect(nativeNotificationFields(decision)).toEqual({
      title: 'Meeting with Acme in 15 minutes',
      body: 'Renewal discussion',
      actions: [{ type: 'button', text: 'Prepare' }],
    });
    const [action] = decision.actions ?? [];
    if (action === undefined) throw new Error('expected an action');
    expect(RunsStartInput.safeParse(prepareRunInput(action)).success).toBe(true);
  });
});

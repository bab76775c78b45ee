import { describe, expect, it } from 'vitest';
import { Harness, settingsOf, usageOf } from './harness';

describe('do-not-disturb and per-kind switches', () => {
  it('suppresses what falls due during do-not-disturb and does not replay it afterwards', async () => {
    const harness = new Harness({
      start: '2026-11-24T06:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: { doNotDisturb: true },
    });
    harness.service.meeting = () => ({
      meetingId: 'm1',
      title: 'Pricing call',
      startsAt: '2026-11-24T08:00:00.000Z',
    });
    harness.service.usage = (now) =>
      usageOf({ runs: [now.getTime() >= Date.parse('2026-11-24T07:30:00.000Z') ? 96 : 10, 100] });
    await harness.host('2026-11-24T08:30:00.000Z');
    expect(harness.shown).toEqual([]);
    expect(harness.suppressed.map((decision) => [decision.key, decision.suppressedBy])).toEqual([
      ['morning-briefing:2026-11-24', 'do-not-disturb'],
      ['quota:runs:2026-11-01T00:00:00.000Z:95', 'do-not-disturb'],
      ['meeting-briefing:id:m1', 'do-not-disturb'],
    ]);
    // The morning was recorded without fetching a briefing nobody would see.
    expect(harness.service.calls).not.toContain('morning');

    harness.settings = settingsOf({ doNotDisturb: false });
    await harness.check('settings-changed');
    await harness.host('2026-11-24T10:30:00.000Z');
    expect(harness.shown).toEqual([]);
  });

  it('treats the operating system focus mode like do-not-disturb', async () => {
    const harness = new Harness({ start: '2026-11-24T07:00:00.000Z', timeZone: 'Europe/Berlin' });
    harness.osDoNotDisturb = true;
    await harness.check('timer');
    expect(harness.shown).toEqual([]);
    expect(harness.suppressed.map((decision) => decision.kind)).toEqual(['morning-briefing']);
    const run = await harness.runner.runFinished(
      { runId: 'r1', status: 'failed', agentId: 'a.b' },
      { windowFocused: false, osDoNotDisturb: true },
    );
    expect(run.suppressed.map((decision) => decision.suppressedBy)).toEqual(['do-not-disturb']);
  });

  it('does not check a kind that is switched off; switched on, only what is current comes', async () => {
    const harness = new Harness({
      start: '2026-11-24T06:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: {
        enabled: {
          'morning-briefing': false,
          'meeting-briefing': false,
          quota: false,
          'run-finished': false,
        },
      },
    });
    harness.service.usage = () => usageOf({ runs: [97, 100] });
    await harness.host('2026-11-24T08:30:00.000Z');
    expect(harness.service.calls).toEqual([]);
    expect(
      (
        await harness.runner.runFinished(
          { runId: 'r', status: 'done', agentId: 'a.b' },
          { windowFocused: false },
        )
      ).show,
    ).toEqual([]);

    // Switched back on at 09:30 Berlin: today's morning is still in its window, the quota is at 95 %.
    harness.settings = settingsOf();
    harness.clock.set('2026-11-24T08:30:00.000Z');
    await harness.check('settings-changed');
    expect(harness.shown.map((entry) => entry.decision.key)).toEqual([
      'morning-briefing:2026-11-24',
      'quota:runs:2026-11-01T00:00:00.000Z:95',
    ]);
  });
});

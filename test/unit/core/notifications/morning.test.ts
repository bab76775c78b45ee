import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyState,
  instantAt,
  morningDecision,
  morningDue,
  type NotificationState,
} from '../../../../electron/core/notifications';
import { Harness, settingsOf } from './harness';

// Only the morning rule: meetings and quotas are switched off so their polls stay out of the way.
const morningOnly = {
  enabled: { 'meeting-briefing': false, quota: false, 'run-finished': false },
};

function times(harness: Harness): string[] {
  return harness.kinds('morning-briefing').map((entry) => entry.at);
}

describe('morning briefing at the chosen local time', () => {
  it.each([
    // zone, first Monday 08:00 local in UTC (2026-11-23, a Monday)
    ['America/New_York', '2026-11-23T13:00:00.000Z'],
    ['Europe/Berlin', '2026-11-23T07:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-23T02:30:00.000Z'],
    ['Pacific/Auckland', '2026-11-22T19:00:00.000Z'],
  ])('notifies once per workday at 08:00 in %s', async (timeZone, firstMonday) => {
    const harness = new Harness({
      start: '2026-11-21T00:00:00.000Z',
      timeZone,
      settings: morningOnly,
    });
    await harness.every(5, '2026-11-29T12:00:00.000Z');
    const monday = Date.parse(firstMonday);
    expect(times(harness)).toEqual(
      [0, 1, 2, 3, 4].map((day) => new Date(monday + day * 86_400_000).toISOString()),
    );
    expect(harness.kinds('morning-briefing')[0]?.decision).toEqual({
      kind: 'morning-briefing',
      key: `morning-briefing:2026-11-23`,
      title: 'Morning briefing',
      body: 'Three deals need you today',
      message: {
        title: { id: 'desktop.notification.morningTitle' },
        body: [{ text: 'Three deals need you today' }],
      },
      target: { screen: 'today' },
    });
  });

  it('follows the chosen time and days', async () => {
    const harness = new Harness({
      start: '2026-11-21T00:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: { ...morningOnly, morningTime: '06:45', morningDays: ['sat', 'wed'] },
    });
    await harness.every(5, '2026-11-29T00:00:00.000Z');
    expect(times(harness)).toEqual([
      '2026-11-21T05:45:00.000Z',
      '2026-11-25T05:45:00.000Z',
      '2026-11-28T05:45:00.000Z',
    ]);
  });

  it('a host following nextCheckAt wakes exactly at the morning time and not in between', async () => {
    const harness = new Harness({
      start: '2026-11-23T05:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    const checks = await harness.host('2026-11-24T12:00:00.000Z');
    expect(times(harness)).toEqual(['2026-11-23T07:00:00.000Z', '2026-11-24T07:00:00.000Z']);
    // Without polls only the morning and the 6-hour safety wake are left: a handful of checks.
    expect(checks).toBeLessThan(12);
    expect(harness.service.calls).toEqual(['morning', 'morning']);
  });

  it('reads the headline from the documented fallbacks, or says the briefing is ready', () => {
    const context = {
      now: new Date('2026-11-23T07:00:00.000Z'),
      timeZone: 'Europe/Berlin',
      settings: settingsOf(),
      state: emptyState(),
    };
    const due = morningDue(context);
    if (due === undefined) throw new Error('expected the morning to be due');
    expect(due.scheduledAt.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(morningDecision(due, { title: 'Good morning', summary: 'x' }).body).toBe('Good morning');
    expect(morningDecision(due, { briefing: { summary: 'Nested summary' } }).body).toBe(
      'Nested summary',
    );
    expect(morningDecision(due, { headline: '  ' }).body).toBe('Your morning briefing is ready.');
    expect(morningDecision(due, null).body).toBe('Your morning briefing is ready.');
    expect(morningDecision(due, { headline: 'word '.repeat(100) }).body).toHaveLength(180);
  });
});

describe('morning catch-up after sleep or while offline', () => {
  it('gives one catch-up on waking within the window, at the moment of waking', async () => {
    const harness = new Harness({
      start: '2026-11-24T05:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    // Asleep from 06:30 to 09:40 Berlin time: the 08:00 timer never fires.
    await harness.host('2026-11-24T20:00:00.000Z', [
      { from: '2026-11-24T05:30:00.000Z', to: '2026-11-24T08:40:00.000Z' },
    ]);
    expect(times(harness)).toEqual(['2026-11-24T08:40:00.000Z']);
  });

  it('skips the day when the machine wakes after the window', async () => {
    const harness = new Harness({
      start: '2026-11-24T05:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    // Default window is 3 hours: 08:00–11:00 Berlin. Waking at 11:00 exactly is too late.
    await harness.host('2026-11-25T06:00:00.000Z', [
      { from: '2026-11-24T05:30:00.000Z', to: '2026-11-24T10:00:00.000Z' },
    ]);
    expect(times(harness)).toEqual([]);
    await harness.host('2026-11-25T12:00:00.000Z');
    expect(times(harness)).toEqual(['2026-11-25T07:00:00.000Z']);
  });

  it('honours a shorter window the user set', async () => {
    const harness = new Harness({
      start: '2026-11-24T06:50:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: { ...morningOnly, morningCatchUpMinutes: 30 },
    });
    await harness.host('2026-11-24T12:00:00.000Z', [
      { from: '2026-11-24T06:55:00.000Z', to: '2026-11-24T07:30:00.000Z' },
    ]);
    expect(times(harness)).toEqual([]);
    harness.settings = settingsOf({ ...morningOnly, morningCatchUpMinutes: 31 });
    harness.clock.set('2026-11-25T07:30:00.000Z');
    await harness.check('wake');
    expect(times(harness)).toEqual(['2026-11-25T07:30:00.000Z']);
  });

  it('after several missed mornings gives at most one, for today', async () => {
    const harness = new Harness({
      start: '2026-11-20T17:00:00.000Z', // Friday evening
      timeZone: 'America/New_York',
      settings: morningOnly,
    });
    // Asleep from Friday evening until Wednesday 09:15 New York time.
    await harness.host('2026-11-25T20:00:00.000Z', [
      { from: '2026-11-20T18:00:00.000Z', to: '2026-11-25T14:15:00.000Z' },
    ]);
    expect(harness.kinds('morning-briefing').map((entry) => entry.decision.key)).toEqual([
      'morning-briefing:2026-11-25',
    ]);
    expect(times(harness)).toEqual(['2026-11-25T14:15:00.000Z']);
  });

  it('catches up across midnight when the morning time is late in the evening', async () => {
    const harness = new Harness({
      start: '2026-11-23T20:00:00.000Z',
      timeZone: 'UTC',
      settings: { ...morningOnly, morningTime: '23:30', morningCatchUpMinutes: 120 },
    });
    await harness.host('2026-11-24T12:00:00.000Z', [
      { from: '2026-11-23T23:00:00.000Z', to: '2026-11-24T00:45:00.000Z' },
    ]);
    expect(
      harness.kinds('morning-briefing').map((entry) => [entry.at, entry.decision.key]),
    ).toEqual([['2026-11-24T00:45:00.000Z', 'morning-briefing:2026-11-23']]);
  });

  it('retries an offline fetch every two minutes and notifies once on reconnecting', async () => {
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    harness.service.offline = true;
    const failed = await harness.check('timer');
    expect(failed.show).toEqual([]);
    expect(failed.errors).toEqual([
      {
        source: 'morning-briefing',
        error: expect.objectContaining({ kind: 'network', retryable: true }),
      },
    ]);
    expect(failed.nextCheckAt.toISOString()).toBe('2026-11-24T07:02:00.000Z');
    harness.clock.set('2026-11-24T07:02:00.000Z');
    expect((await harness.check('timer')).nextCheckAt.toISOString()).toBe(
      '2026-11-24T07:04:00.000Z',
    );
    harness.service.offline = false;
    harness.clock.set('2026-11-24T07:03:10.000Z');
    await harness.check('online');
    harness.clock.set('2026-11-24T07:04:00.000Z');
    await harness.check('timer');
    expect(times(harness)).toEqual(['2026-11-24T07:03:10.000Z']);
  });

  it('stops retrying when the window closes while still offline', async () => {
    const harness = new Harness({
      start: '2026-11-24T06:59:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    harness.service.offline = true;
    await harness.host('2026-11-24T12:00:00.000Z');
    const attempts = harness.service.calls.length;
    // One attempt at 08:00, then one every two minutes until 11:00.
    expect(attempts).toBe(90);
    harness.service.offline = false;
    harness.clock.set('2026-11-24T12:00:00.000Z');
    await harness.check('online');
    expect(times(harness)).toEqual([]);
    expect(harness.service.calls).toHaveLength(attempts);
  });
});

describe('morning briefing across daylight-saving changes', () => {
  const everyDay = {
    ...morningOnly,
    morningDays: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
  };

  it.each([
    // zone, spring-forward day, its 08:00 in UTC, the day after's 08:00 in UTC
    ['America/New_York', '2026-03-08', '2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z'],
    ['Pacific/Auckland', '2026-09-27', '2026-09-25T20:00:00.000Z', '2026-09-26T19:00:00.000Z'],
  ])(
    'spring forward in %s: 08:00 stays 08:00 local, once a day',
    async (zone, _day, before, on) => {
      const harness = new Harness({
        start: new Date(Date.parse(before) - 3_600_000).toISOString(),
        timeZone: zone,
        settings: everyDay,
      });
      await harness.every(5, new Date(Date.parse(on) + 3_600_000).toISOString());
      expect(times(harness)).toEqual([before, on]);
    },
  );

  it.each([
    ['America/New_York', '2026-10-31T12:00:00.000Z', '2026-11-01T13:00:00.000Z'],
    ['Europe/Berlin', '2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z'],
    ['Pacific/Auckland', '2026-04-03T19:00:00.000Z', '2026-04-04T20:00:00.000Z'],
  ])('fall back in %s: 08:00 stays 08:00 local, once a day', async (zone, before, on) => {
    const harness = new Harness({
      start: new Date(Date.parse(before) - 3_600_000).toISOString(),
      timeZone: zone,
      settings: everyDay,
    });
    await harness.every(5, new Date(Date.parse(on) + 3_600_000).toISOString());
    expect(times(harness)).toEqual([before, on]);
  });

  it('a morning time in the skipped hour notifies once, when the clock jumps past it', async () => {
    const harness = new Harness({
      start: '2026-03-08T04:00:00.000Z', // 23:00 EST on the 7th
      timeZone: 'America/New_York',
      settings: { ...everyDay, morningTime: '02:30' },
    });
    await harness.every(5, '2026-03-08T12:00:00.000Z');
    expect(times(harness)).toEqual(['2026-03-08T07:30:00.000Z']); // 03:30 EDT
  });

  it('a morning time in the repeated hour notifies once, the first time round', async () => {
    const harness = new Harness({
      start: '2026-10-24T22:00:00.000Z', // 00:00 CEST on the 25th
      timeZone: 'Europe/Berlin',
      settings: { ...everyDay, morningTime: '02:30' },
    });
    await harness.host('2026-10-25T10:00:00.000Z');
    expect(times(harness)).toEqual(['2026-10-25T00:30:00.000Z']); // 02:30 CEST, not 02:30 CET
  });
});

describe('morning briefing never repeats a day', () => {
  it('does not re-notify when the clock is moved backwards on the same day', async () => {
    const harness = new Harness({
      start: '2026-11-24T06:55:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    await harness.every(5, '2026-11-24T07:30:00.000Z');
    harness.clock.set('2026-11-24T06:50:00.000Z');
    await harness.every(5, '2026-11-24T09:00:00.000Z');
    expect(times(harness)).toEqual(['2026-11-24T07:00:00.000Z']);
  });

  it('does not replay an earlier morning when the clock is moved back a day', async () => {
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z', // Tuesday 08:00 Berlin, first run
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    await harness.check('start');
    harness.clock.set('2026-11-23T07:05:00.000Z'); // Monday 08:05, never notified
    await harness.check('timer');
    harness.clock.set('2026-11-25T07:00:00.000Z'); // back to normal: Wednesday
    await harness.check('timer');
    expect(harness.kinds('morning-briefing').map((entry) => entry.decision.key)).toEqual([
      'morning-briefing:2026-11-24',
      'morning-briefing:2026-11-25',
    ]);
  });

  it('recovers when the clock had been set far ahead by mistake', async () => {
    const harness = new Harness({
      start: '2027-11-24T07:00:00.000Z', // a year ahead
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    await harness.check('start');
    harness.clock.set('2026-11-24T07:00:00.000Z'); // corrected
    await harness.check('timer');
    expect(harness.kinds('morning-briefing').map((entry) => entry.decision.key)).toEqual([
      'morning-briefing:2027-11-24',
      'morning-briefing:2026-11-24',
    ]);
  });

  it('keys the day by local date, so travelling west the same day gives no second one', async () => {
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z', // 08:00 in Berlin
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    await harness.check('start');
    harness.clock.zone = 'America/New_York';
    harness.clock.set('2026-11-24T13:00:00.000Z'); // 08:00 in New York, the same Tuesday
    await harness.check('timer');
    harness.clock.set('2026-11-25T13:00:00.000Z');
    await harness.check('timer');
    expect(times(harness)).toEqual(['2026-11-24T07:00:00.000Z', '2026-11-25T13:00:00.000Z']);
  });

  it('does not notify twice when two checks overlap', async () => {
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z',
      timeZone: 'Europe/Berlin',
      settings: morningOnly,
    });
    const [first, second] = await Promise.all([harness.check('timer'), harness.check('wake')]);
    expect(first.show).toHaveLength(1);
    expect(second.show).toEqual([]);
    expect(harness.service.calls).toEqual(['morning']);
  });

  it('is not due again once decided, whatever the state says about other days', () => {
    const state: NotificationState = {
      ...emptyState(),
      delivered: { 'morning-briefing:2026-11-24': '2026-11-24T07:00:00.000Z' },
      lastMorningDate: '2026-11-24',
    };
    const context = {
      now: new Date('2026-11-24T07:10:00.000Z'),
      timeZone: 'Europe/Berlin',
      settings: settingsOf(),
      state,
    };
    expect(morningDue(context)).toBeUndefined();
  });
});

describe('morning briefing invariants under any clock', () => {
  it('whatever the checks and clock jumps: at most one per local day, each inside its window', async () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland'];
    const base = Date.parse('2026-10-20T00:00:00.000Z');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...zones),
        // Check instants over three weeks, in any order (the clock may jump either way).
        fc.array(fc.integer({ min: 0, max: 21 * 24 * 60 }), { minLength: 1, maxLength: 60 }),
        async (zone, minutes) => {
          const harness = new Harness({
            start: new Date(base).toISOString(),
            timeZone: zone,
            settings: morningOnly,
          });
          for (const minute of minutes) {
            harness.clock.set(new Date(base + minute * 60_000));
            await harness.check('timer');
          }
          const keys = harness.kinds('morning-briefing').map((entry) => entry.decision.key);
          expect(new Set(keys).size).toBe(keys.length);
          for (const entry of harness.kinds('morning-briefing')) {
            const date = entry.decision.key.slice('morning-briefing:'.length);
            const scheduled = instantAt(date, '08:00', zone).getTime();
            const at = Date.parse(entry.at);
            expect(at).toBeGreaterThanOrEqual(scheduled);
            expect(at).toBeLessThan(scheduled + 180 * 60_000);
            expect(['sat', 'sun']).not.toContain(
              new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' })
                .format(at)
                .toLowerCase(),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

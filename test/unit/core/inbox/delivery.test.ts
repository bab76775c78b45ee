// Delivery through the inbox with the fake clock: every decision lands in the inbox before it is
// recorded as delivered; shown natively or in an open page it counts as shown, with nothing open
// it waits for the next page; Do not disturb keeps entries silent, and its end brings one summary.
import { describe, expect, it } from 'vitest';
import type { AppNotification, Inbox } from '../../../../electron/contract';
import {
  createInboxService,
  type InboxStore,
  type StoredInboxEntry,
} from '../../../../electron/core/inbox';
import { createLogger } from '../../../../electron/core/logs/logger';
import type { NotificationDecision } from '../../../../electron/core/notifications';
import { createNotificationWiring } from '../../../../electron/core/notifications/wiring';
import { FakeWallClock as FakeClock } from '../../../support/fake-clock';
import { MemoryStore, settingsOf, usageOf } from '../notifications/harness';

class MemoryInboxStore implements InboxStore {
  saved: StoredInboxEntry[] | undefined;
  failSaves = false;
  async load() {
    return { entries: structuredClone(this.saved ?? []) };
  }
  async save(entries: readonly StoredInboxEntry[]) {
    if (this.failSaves) throw new Error('disk full');
    this.saved = structuredClone([...entries]);
  }
}

function setup(options: { doNotDisturb?: boolean; viewer?: boolean; native?: boolean } = {}) {
  // Only quota warnings are on: each test raises them by moving the run count.
  const clock = new FakeClock(new Date('2026-11-24T09:00:00.000Z'), 'Europe/Berlin');
  let runs = 85;
  const world = {
    clock,
    settings: settingsOf({
      doNotDisturb: options.doNotDisturb ?? false,
      enabled: { 'morning-briefing': false, 'meeting-briefing': false },
    }),
    viewer: options.viewer ?? true,
    emitted: [] as AppNotification[],
    native: [] as NotificationDecision[],
    changes: [] as Inbox[],
    problems: [] as string[],
    stateStore: new MemoryStore(),
    inboxStore: new MemoryInboxStore(),
    setRuns: (count: number) => {
      runs = count;
    },
  };
  const inbox = createInboxService({
    store: world.inboxStore,
    now: clock.now,
    onChange: (next) => world.changes.push(next),
    onProblem: (message) => world.problems.push(message),
  });
  const wiring = createNotificationWiring({
    api: {
      getMorningBriefing: async () => ({ data: { data: {} } }) as never,
      getMeetingBriefing: async () => ({ data: { data: {} } }) as never,
      getUsage: async () => ({ data: usageOf({ runs: [runs, 100] }) }) as never,
    },
    store: world.stateStore,
    cache: { read: async () => undefined },
    settings: () => world.settings,
    signedIn: () => true,
    now: clock.now,
    log: createLogger({ console: false }),
    inbox,
    ...(options.native
      ? {
          showNotification: (decision: NotificationDecision) => {
            world.native.push(decision);
            return true;
          },
        }
      : {}),
    viewerPresent: () => world.viewer,
    emit: (notification) => world.emitted.push(notification),
    addNotice: (_level, message) => world.problems.push(message),
  });
  return { ...world, inbox, wiring, world };
}

describe('delivery through the inbox', () => {
  it('with no page open, keeps a quota warning unshown and records it as delivered only once it is in the inbox', async () => {
    const t = setup({ viewer: false });
    await t.wiring.check('start');
    expect(t.emitted).toEqual([]);
    expect(t.inboxStore.saved?.map((e) => [e.id, e.read, e.shown])).toEqual([
      ['quota:runs:2026-11-01T00:00:00.000Z:80', false, false],
    ]);
    expect(Object.keys(t.stateStore.state().delivered)).toEqual([
      'quota:runs:2026-11-01T00:00:00.000Z:80',
    ]);

    // A page connects 10 s later: it is handed the entry, once.
    t.clock.set('2026-11-24T09:00:10.000Z');
    const taken = await t.inbox.takeUnshown();
    expect(taken.map((e) => e.title)).toEqual(['80% of runs quota used']);
    expect(await t.inbox.takeUnshown()).toEqual([]);
    expect((await t.inbox.inbox()).unread).toBe(1);
    await t.wiring.close();
  });

  it('shows in an open page (and counts as shown) what the OS cannot show', async () => {
    const t = setup();
    await t.wiring.check('start');
    expect(t.emitted.map((n) => n.id)).toEqual(['quota:runs:2026-11-01T00:00:00.000Z:80']);
    expect(t.inboxStore.saved?.[0]).toMatchObject({ read: false, shown: true });
    expect(t.changes.at(-1)?.unread).toBe(1);
    await t.wiring.close();
  });

  it('shows natively where the host can, and the toast is not sent as well', async () => {
    const t = setup({ native: true });
    await t.wiring.check('start');
    expect(t.native.map((d) => d.kind)).toEqual(['quota']);
    expect(t.emitted).toEqual([]);
    expect(t.inboxStore.saved?.[0]).toMatchObject({ shown: true });
    await t.wiring.close();
  });

  it('does not record as delivered what the inbox did not take', async () => {
    const t = setup();
    // The inbox cannot even load: nothing reaches it, so nothing is recorded or shown.
    t.inboxStore.load = async () => {
      throw new Error('EACCES');
    };
    await t.wiring.check('start');
    expect(t.emitted).toEqual([]);
    expect(t.stateStore.text).toBeUndefined();
    await t.wiring.close();
  });
});

describe('Do not disturb', () => {
  it('lands entries in the inbox silently: unread and not shown', async () => {
    const t = setup({ doNotDisturb: true });
    await t.wiring.check('start');
    t.clock.set('2026-11-24T09:30:00.000Z');
    t.setRuns(96);
    await t.wiring.check('online');
    t.clock.set('2026-11-24T09:40:00.000Z');
    await t.wiring.runsChanged([
      {
        runId: 'run_1',
        agentId: 'sales.deal_coach',
        status: 'failed',
        done: true,
        startedAt: '2026-11-24T09:35:00.000Z',
      } as never,
    ]);
    await expect.poll(() => t.inboxStore.saved?.length).toBe(3);
    await t.wiring.close();
    expect(t.emitted).toEqual([]);
    expect(t.inboxStore.saved?.map((e) => [e.title, e.read, e.shown])).toEqual([
      ['Deal coach failed', false, false],
      ['95% of runs quota used', false, false],
      ['80% of runs quota used', false, false],
    ]);
  });

  it('says what came meanwhile in one summary when it ends, and only once', async () => {
    const t = setup({ doNotDisturb: true });
    await t.wiring.check('start');
    t.clock.set('2026-11-24T09:30:00.000Z');
    t.setRuns(96);
    await t.wiring.check('online');
    t.settings = settingsOf({
      doNotDisturb: false,
      enabled: { 'morning-briefing': false, 'meeting-briefing': false },
    });
    t.clock.set('2026-11-24T10:00:00.000Z');
    await t.wiring.doNotDisturbEnded();
    expect(t.emitted).toEqual([
      {
        id: 'inbox-summary:2026-11-24T10:00:00.000Z',
        kind: 'inbox-summary',
        title: '2 things while Do not disturb was on',
        body: '80% of runs quota used · 95% of runs quota used',
        message: {
          title: { id: 'desktop.inbox.whileDoNotDisturb', values: { count: 2 } },
          body: [
            { id: 'desktop.notification.quotaUsed', values: { quota: 'runs', ratio: 0.8 } },
            { id: 'desktop.notification.quotaUsed', values: { quota: 'runs', ratio: 0.95 } },
          ],
        },
        navigate: { screen: 'today', focus: 'inbox' },
        at: '2026-11-24T10:00:00.000Z',
      },
    ]);
    // Still unread: the summary told the user, it did not read the entries for them.
    expect((await t.inbox.inbox()).unread).toBe(2);
    await t.wiring.doNotDisturbEnded();
    expect(t.emitted).toHaveLength(1);
    await t.wiring.close();
  });

  it('with no page open when it ends, leaves the catch-up to the next page', async () => {
    const t = setup({ doNotDisturb: true, viewer: false });
    await t.wiring.check('start');
    await t.wiring.doNotDisturbEnded();
    expect(t.emitted).toEqual([]);
    expect((await t.inbox.takeUnshown()).map((e) => e.id)).toEqual([
      'quota:runs:2026-11-01T00:00:00.000Z:80',
    ]);
    await t.wiring.close();
  });
});

describe('the inbox service', () => {
  it('reports a failing save once, keeps the entries in memory, and says so again after a success', async () => {
    const t = setup();
    t.inboxStore.failSaves = true;
    await t.wiring.check('start');
    t.setRuns(96);
    await t.wiring.check('online');
    expect((await t.inbox.inbox()).unread).toBe(2);
    expect(t.problems.filter((p) => p.includes('could not be saved'))).toHaveLength(1);
    t.inboxStore.failSaves = false;
    await t.inbox.markRead();
    expect(t.inboxStore.saved?.every((e) => e.read)).toBe(true);
    await t.wiring.close();
  });

  it('is emptied on clear (sign-out), on disk too', async () => {
    const t = setup();
    await t.wiring.check('start');
    await t.inbox.clear();
    expect(t.inboxStore.saved).toEqual([]);
    expect(t.changes.at(-1)).toEqual({ entries: [], unread: 0 });
    await t.wiring.close();
  });
});

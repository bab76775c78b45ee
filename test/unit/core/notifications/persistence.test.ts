import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dataDirStateStore,
  emptyState,
  fileStateStore,
  NOTIFICATION_STATE_FILE,
  NotificationStateSchema,
  pruneState,
} from '../../../../electron/core/notifications';
import { Harness } from './harness';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'assistant-notifications-'));
}

describe('what was notified survives a restart', () => {
  it('does not repeat the morning after a restart between two checks', async () => {
    const dir = await tempDir();
    const harness = new Harness({
      start: '2026-11-24T06:55:00.000Z',
      timeZone: 'Europe/Berlin',
      store: dataDirStateStore(dir),
    });
    await harness.check('start');
    expect(harness.shown).toEqual([]);

    harness.restart();
    harness.clock.set('2026-11-24T07:00:00.000Z');
    await harness.check('start');
    expect(harness.shown.map((entry) => entry.decision.key)).toEqual([
      'morning-briefing:2026-11-24',
    ]);

    harness.restart();
    harness.clock.set('2026-11-24T07:05:00.000Z');
    await harness.check('start');
    expect(harness.shown).toHaveLength(1);

    const onDisk = NotificationStateSchema.parse(
      JSON.parse(await readFile(join(dir, NOTIFICATION_STATE_FILE), 'utf8')),
    );
    expect(onDisk.delivered).toEqual({ 'morning-briefing:2026-11-24': '2026-11-24T07:00:00.000Z' });
    expect(onDisk.lastMorningDate).toBe('2026-11-24');
    expect(await readdir(dir)).toEqual([NOTIFICATION_STATE_FILE]);
  });

  it('remembers a meeting to announce across a restart and wakes for it', async () => {
    const dir = await tempDir();
    const harness = new Harness({
      start: '2026-11-24T08:00:00.000Z',
      timeZone: 'Europe/Berlin',
      store: dataDirStateStore(dir),
      settings: { enabled: { 'morning-briefing': false, quota: false } },
    });
    harness.service.meeting = () => ({
      meetingId: 'm1',
      title: 'Pricing call',
      startsAt: '2026-11-24T09:00:00.000Z',
    });
    await harness.check('start');
    harness.restart();
    harness.service.offline = true;
    harness.clock.set('2026-11-24T08:30:00.000Z');
    expect((await harness.runner.nextCheckAt()).toISOString()).toBe('2026-11-24T08:30:00.000Z');
    await harness.check('start');
    expect(harness.shown).toEqual([]);
    harness.restart();
    harness.clock.set('2026-11-24T08:45:00.000Z');
    await harness.check('timer');
    expect(harness.shown.map((entry) => entry.decision.key)).toEqual(['meeting-briefing:id:m1']);
  });

  it('sets an unreadable history aside, says so, and carries on', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, NOTIFICATION_STATE_FILE), '{"version": 1, "delivered": ');
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z',
      timeZone: 'Europe/Berlin',
      store: dataDirStateStore(dir),
    });
    const result = await harness.check('start');
    expect(result.problems).toEqual([
      expect.stringMatching(/^The notification history was unreadable \(not valid JSON\)/),
    ]);
    expect(result.show.map((decision) => decision.kind)).toContain('morning-briefing');
    const names = await readdir(dir);
    expect(names).toContain(NOTIFICATION_STATE_FILE);
    expect(names.some((name) => name.startsWith(`${NOTIFICATION_STATE_FILE}.corrupt-`))).toBe(true);
    // Reported once, not on every check.
    harness.clock.set('2026-11-24T07:05:00.000Z');
    expect((await harness.check('timer')).problems).toEqual([]);
  });

  it('still shows what it decided when the history cannot be saved, and says so', async () => {
    // A folder where the history file should be: neither read nor replaced, on every OS (a file
    // where its folder should be reads as missing on Windows, not as a failure).
    const dir = await tempDir();
    const blocker = join(dir, NOTIFICATION_STATE_FILE);
    await mkdir(blocker);
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z',
      timeZone: 'Europe/Berlin',
      store: fileStateStore(blocker),
    });
    const result = await harness.check('start');
    expect(result.show.map((decision) => decision.kind)).toContain('morning-briefing');
    expect(result.problems).toEqual([
      expect.stringMatching(/^The notification history could not be read/),
      expect.stringMatching(/^The notification history could not be saved/),
    ]);
    // In memory it is still known: no repeat in this session.
    harness.clock.set('2026-11-24T07:05:00.000Z');
    expect((await harness.check('timer')).show).toEqual([]);
  });

  it('forgets keys after 60 days but keeps those stamped in the future', () => {
    const state = {
      ...emptyState(),
      delivered: {
        old: '2026-09-01T00:00:00.000Z',
        recent: '2026-10-01T00:00:00.000Z',
        future: '2027-01-01T00:00:00.000Z',
      },
      lastMorningDate: '2026-09-01',
    };
    const pruned = pruneState(state, new Date('2026-11-24T00:00:00.000Z'));
    expect(Object.keys(pruned.delivered)).toEqual(['recent', 'future']);
    expect(pruned.lastMorningDate).toBe('2026-09-01');
  });

  it('saves the pruned history on the next change', async () => {
    const dir = await tempDir();
    const store = dataDirStateStore(dir);
    await store.save({
      ...emptyState(),
      delivered: { 'morning-briefing:2026-08-01': '2026-08-01T06:00:00.000Z' },
      lastMorningDate: '2026-08-01',
    });
    const harness = new Harness({
      start: '2026-11-24T07:00:00.000Z',
      timeZone: 'Europe/Berlin',
      store,
    });
    await harness.check('start');
    const { state } = await store.load();
    expect(Object.keys(state.delivered).filter((key) => key.startsWith('morning'))).toEqual([
      'morning-briefing:2026-11-24',
    ]);
  });
});

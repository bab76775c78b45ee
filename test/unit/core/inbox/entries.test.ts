// The inbox's rules with a fake clock: the last 200 entries or 30 days, whichever is fewer; one
// entry per key (a repeat leaves the first as it was, read or not); read and shown flags; and the
// one notification a page that was away, or the end of Do not disturb, is told.
import { afterEach, describe, expect, it } from 'vitest';
import { Inbox } from '../../../../electron/contract';
import {
  addEntries,
  bounded,
  catchUpNotification,
  INBOX_MAX_ENTRIES,
  markRead,
  toInbox,
  unshown,
  type StoredInboxEntry,
} from '../../../../electron/core/inbox';
import { setCoreWords } from '../../../../electron/core/i18n/words';
import { englishWords, nodeTranslator } from '../../../../electron/domain/i18n/node-translator';
import { FakeWallClock as FakeClock } from '../../../support/fake-clock';

const clock = new FakeClock(new Date('2026-11-24T09:00:00.000Z'), 'Europe/Berlin');

function entry(id: string, at: string, flags: Partial<StoredInboxEntry> = {}): StoredInboxEntry {
  return {
    id,
    kind: 'quota',
    title: `Title ${id}`,
    body: `Body ${id}`,
    navigate: { screen: 'usage' },
    at,
    read: false,
    shown: false,
    ...flags,
  };
}

const minutesAfter = (start: Date, minutes: number) =>
  new Date(start.getTime() + minutes * 60_000).toISOString();

describe('the inbox bound', () => {
  it('keeps the newest 200 entries, newest first', () => {
    let entries: StoredInboxEntry[] = [];
    const start = clock.now();
    for (let i = 0; i < 250; i += 1) {
      clock.set(minutesAfter(start, i));
      entries = addEntries(
        entries,
        [entry(`k${i}`, clock.now().toISOString())],
        clock.now(),
      ).entries;
    }
    expect(entries).toHaveLength(INBOX_MAX_ENTRIES);
    expect(entries[0]?.id).toBe('k249');
    expect(entries.at(-1)?.id).toBe('k50');
  });

  it('forgets entries older than 30 days, read or not, and keeps ones stamped in the future', () => {
    const now = new Date('2026-11-24T09:00:00.000Z');
    const entries = [
      entry('future', '2026-11-25T09:00:00.000Z'),
      entry('day-29', '2026-10-26T09:00:00.000Z'),
      entry('day-30', '2026-10-25T09:00:00.000Z'),
      entry('day-31', '2026-10-24T08:59:00.000Z', { read: true }),
    ];
    expect(bounded(entries, now).map((e) => e.id)).toEqual(['future', 'day-29', 'day-30']);
  });
});

describe('one entry per key', () => {
  it('never makes two entries for the same key, and a repeat leaves the first as it was', () => {
    const first = addEntries(
      [],
      [entry('quota:runs:p:80', '2026-11-24T08:00:00.000Z')],
      clock.now(),
    );
    expect(first.added.map((e) => e.id)).toEqual(['quota:runs:p:80']);
    const read = markRead(first.entries, ['quota:runs:p:80']);
    const again = addEntries(
      read,
      [
        entry('quota:runs:p:80', '2026-11-24T08:30:00.000Z'),
        entry('run-finished:r1', '2026-11-24T08:30:00.000Z'),
        entry('run-finished:r1', '2026-11-24T08:31:00.000Z'),
      ],
      clock.now(),
    );
    expect(again.added.map((e) => e.id)).toEqual(['run-finished:r1']);
    expect(again.entries.map((e) => [e.id, e.read, e.at])).toEqual([
      ['run-finished:r1', false, '2026-11-24T08:30:00.000Z'],
      ['quota:runs:p:80', true, '2026-11-24T08:00:00.000Z'],
    ]);
  });
});

describe('read and shown', () => {
  const entries = [
    entry('c', '2026-11-24T08:20:00.000Z'),
    entry('b', '2026-11-24T08:10:00.000Z', { shown: true }),
    entry('a', '2026-11-24T08:00:00.000Z'),
  ];

  it('counts the unread, and crosses the contract without the shown flag', () => {
    const inbox = Inbox.parse(toInbox(markRead(entries, ['b'])));
    expect(inbox.unread).toBe(2);
    expect(inbox.entries.map((e) => [e.id, e.read])).toEqual([
      ['c', false],
      ['b', true],
      ['a', false],
    ]);
    expect(inbox.entries[0]).not.toHaveProperty('shown');
    expect(toInbox(markRead(entries)).unread).toBe(0);
  });

  it('hands over what nothing showed yet, oldest first', () => {
    expect(unshown(entries).map((e) => e.id)).toEqual(['a', 'c']);
    expect(unshown(markRead(entries, ['a']))).toHaveLength(1);
  });
});

describe('the catch-up notification', () => {
  const now = new Date('2026-11-24T09:00:00.000Z');
  it('is the entry itself when there is one', () => {
    const one = toInbox([entry('quota:runs:p:80', '2026-11-24T08:00:00.000Z')]).entries;
    expect(catchUpNotification(one, 'away', now)).toEqual({
      id: 'quota:runs:p:80',
      kind: 'quota',
      title: 'Title quota:runs:p:80',
      body: 'Body quota:runs:p:80',
      navigate: { screen: 'usage' },
      at: '2026-11-24T08:00:00.000Z',
    });
    expect(catchUpNotification([], 'away', now)).toBeUndefined();
  });

  it('is one summary that opens the inbox when there are several', () => {
    const three = toInbox([
      entry('a', '2026-11-24T08:00:00.000Z'),
      entry('b', '2026-11-24T08:10:00.000Z'),
      entry('c', '2026-11-24T08:20:00.000Z'),
    ]).entries;
    expect(catchUpNotification(three, 'away', now)).toMatchObject({
      kind: 'inbox-summary',
      title: '3 things while you were away',
      body: 'Title a · Title b · Title c',
      navigate: { screen: 'today', focus: 'inbox' },
    });
    expect(catchUpNotification(three, 'do-not-disturb', now)?.title).toBe(
      '3 things while Do not disturb was on',
    );
  });

  describe('in the language in use', () => {
    afterEach(() => setCoreWords(englishWords()));
    const several = (count: number) =>
      toInbox(
        Array.from({ length: count }, (_, i) =>
          entry(`e${i}`, new Date(Date.UTC(2026, 10, 24, 8, i)).toISOString()),
        ),
      ).entries;

    it('says the summary in German', () => {
      setCoreWords(nodeTranslator('de'));
      expect(catchUpNotification(several(3), 'away', now)?.title).toBe(
        '3 Neuigkeiten während Ihrer Abwesenheit',
      );
      expect(catchUpNotification(several(2), 'do-not-disturb', now)?.title).toBe(
        '2 Neuigkeiten während „Nicht stören“',
      );
    });

    it('says the summary in Arabic, with its plural forms', () => {
      setCoreWords(nodeTranslator('ar'));
      expect(catchUpNotification(several(2), 'away', now)?.title).toBe('أمران جديدان أثناء غيابك');
      expect(catchUpNotification(several(3), 'away', now)?.title).toBe('3 أمور جديدة أثناء غيابك');
      expect(catchUpNotification(several(11), 'do-not-disturb', now)?.title).toBe(
        '11 أمرًا جديدًا أثناء وضع عدم الإزعاج',
      );
    });
  });
});

// The inbox panel's days: newest first, named Today, Yesterday, then by weekday and date.
import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../../../../electron/contract';
import { groupByDay } from '../../../../../src/features/notifications/inboxDays';
import { translatorFor } from '../../../../support/translators';

const entry = (id: string, at: Date): InboxEntry => ({
  id,
  kind: 'quota',
  title: id,
  body: '',
  at: at.toISOString(),
  read: false,
});

describe('the inbox by day', () => {
  it('groups by local day, newest first, with Today and Yesterday named', () => {
    const now = new Date(2026, 10, 24, 15, 0);
    const days = groupByDay(
      [
        entry('yesterday-morning', new Date(2026, 10, 23, 9, 0)),
        entry('today-early', new Date(2026, 10, 24, 0, 5)),
        entry('last-week', new Date(2026, 10, 17, 12, 0)),
        entry('today-late', new Date(2026, 10, 24, 14, 0)),
        entry('last-year', new Date(2025, 11, 31, 12, 0)),
      ],
      now,
      translatorFor('en', 'en-GB'),
    );
    expect(days.map((day) => [day.label, day.entries.map((e) => e.id)])).toEqual([
      ['Today', ['today-late', 'today-early']],
      ['Yesterday', ['yesterday-morning']],
      ['Tuesday 17 November', ['last-week']],
      ['Wednesday, 31 December 2025', ['last-year']],
    ]);
  });
});

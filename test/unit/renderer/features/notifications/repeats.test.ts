import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../../../../electron/contract';
import { collapseRepeats } from '../../../../../src/features/notifications/repeats';
import type { Language } from '../../../../../electron/domain/i18n/languages';
import { translatorFor } from '../../../../support/translators';

const { t } = translatorFor('en');

const GROUP = {
  key: 'answers:sales.objection_handler:deal-1:How do I handle price?',
  of: 'Objection handler',
};

function answer(id: string, at: string, read = false): InboxEntry {
  return {
    id,
    kind: 'run-finished',
    title: 'Objection handler answered “How do I handle price?”',
    body: 'Müller GmbH renewal · Done',
    navigate: { screen: 'runs', id },
    group: GROUP,
    at,
    read,
  };
}

const MORNING: InboxEntry = {
  id: 'morning:2026-11-27',
  kind: 'morning',
  title: 'Good morning',
  body: 'Three meetings today',
  at: '2026-11-27T07:00:00.000Z',
  read: false,
};

describe('repeats in the inbox', () => {
  it('says five identical answers once, where the newest is, and opening it marks them all', () => {
    const answers = [5, 4, 3, 2, 1].map((n) =>
      answer(`run-finished:r${n}`, `2026-11-27T09:0${n}:00.000Z`),
    );
    const rows = collapseRepeats([...answers, MORNING], t);
    expect(rows.map((row) => row.title)).toEqual([
      '5 answers from Objection handler',
      'Good morning',
    ]);
    const [grouped] = rows;
    expect(grouped?.body).toBe('Objection handler answered “How do I handle price?”');
    expect(grouped?.entry.id).toBe('run-finished:r5');
    expect(grouped?.ids).toEqual(answers.map((a) => a.id));
    expect(grouped?.read).toBe(false);
  });

  it('leaves a single answer as it is, and reads a group as read only when all of it is', () => {
    const one = answer('run-finished:r1', '2026-11-27T09:01:00.000Z');
    expect(collapseRepeats([one], t)).toEqual([
      { entry: one, ids: [one.id], title: one.title, body: one.body, read: false },
    ]);
    const rows = collapseRepeats(
      [
        answer('run-finished:r2', '2026-11-27T09:02:00.000Z', true),
        answer('run-finished:r1', '2026-11-27T09:01:00.000Z', false),
      ],
      t,
    );
    expect(rows[0]?.read).toBe(false);
  });

  it('keeps answers to other questions apart', () => {
    const other = {
      ...answer('run-finished:r9', '2026-11-27T09:09:00.000Z'),
      group: { ...GROUP, key: 'answers:x' },
    };
    const rows = collapseRepeats([other, answer('run-finished:r1', '2026-11-27T09:01:00.000Z')], t);
    expect(rows).toHaveLength(2);
  });

  it('counts the answers in the language in use, with its plural forms', () => {
    const title = (language: Language, of = GROUP.of) =>
      collapseRepeats(
        [2, 1].map((n) => ({
          ...answer(`r${n}`, `2026-11-27T09:0${n}:00.000Z`),
          group: { ...GROUP, of },
        })),
        translatorFor(language).t,
      )[0]?.title;
    expect(title('de')).toBe('2 Antworten von Objection handler');
    expect(title('ar')).toBe('إجابتان من Objection handler');
    expect(title('ja')).toBe('Objection handlerからの回答2件');
    // A group the host sent without its agent's name is the assistant's.
    expect(title('en', '')).toBe('2 answers from the assistant');
  });
});

import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../../../../electron/contract';
import { collapseRepeats } from '../../../../../src/features/notifications/repeats';
import type { Language } from '../../../../../electron/domain/i18n/languages';
import { translatorFor } from '../../../../support/translators';

const english = translatorFor('en');

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
    const rows = collapseRepeats([...answers, MORNING], english);
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
    expect(collapseRepeats([one], english)).toEqual([
      { entry: one, ids: [one.id], title: one.title, body: one.body, read: false },
    ]);
    const rows = collapseRepeats(
      [
        answer('run-finished:r2', '2026-11-27T09:02:00.000Z', true),
        answer('run-finished:r1', '2026-11-27T09:01:00.000Z', false),
      ],
      english,
    );
    expect(rows[0]?.read).toBe(false);
  });

  it('keeps answers to other questions apart', () => {
    const other = {
      ...answer('run-finished:r9', '2026-11-27T09:09:00.000Z'),
      group: { ...GROUP, key: 'answers:x' },
    };
    const rows = collapseRepeats(
      [other, answer('run-finished:r1', '2026-11-27T09:01:00.000Z')],
      english,
    );
    expect(rows).toHaveLength(2);
  });

  it('counts the answers in the language in use, with its plural forms', () => {
    const title = (language: Language, of = GROUP.of) =>
      collapseRepeats(
        [2, 1].map((n) => ({
          ...answer(`r${n}`, `2026-11-27T09:0${n}:00.000Z`),
          group: { ...GROUP, of },
        })),
        translatorFor(language),
      )[0]?.title;
    expect(title('de')).toBe('2 Antworten von Objection handler');
    expect(title('ar')).toBe('إجابتان من Objection handler');
    expect(title('ja')).toBe('Objection handlerからの回答2件');
    // A group the host sent without its agent's name is the assistant's.
    expect(title('en', '')).toBe('2 answers from the assistant');
  });

  it('shows each entry in the language in use from its messages, the same entry again after a switch', () => {
    const quota: InboxEntry = {
      ...MORNING,
      id: 'quota:requests:2026-11-01:95',
      kind: 'quota',
      title: '95% of requests quota used',
      body: '4,813 of 5,000 requests used in this billing period.',
      message: {
        title: {
          id: 'desktop.notification.quotaUsed',
          values: { quota: 'requests', ratio: 0.95 },
        },
        body: [
          {
            id: 'desktop.notification.quotaBody',
            values: { quota: 'requests', used: 4813, limit: 5000 },
          },
        ],
      },
    };
    const words = (language: Language) => {
      const [row] = collapseRepeats([quota], translatorFor(language));
      return { title: row?.title, body: row?.body };
    };
    expect(words('de')).toEqual({
      title: '95 % des Kontingents für Anfragen genutzt',
      body: '4.813 von 5.000 Anfragen in diesem Abrechnungszeitraum genutzt.',
    });
    expect(words('en')).toEqual({ title: quota.title, body: quota.body });
    // Answers said once: the question they answer, in the reader's words too.
    const asked = [2, 1].map((n) => ({
      ...answer(`r${n}`, `2026-11-27T09:0${n}:00.000Z`),
      message: {
        title: {
          id: 'desktop.notification.runAnsweredQuestion',
          values: { agent: 'Objection handler', question: 'How do I handle price?' },
        },
        body: [],
      },
    }));
    expect(collapseRepeats(asked, translatorFor('de'))[0]?.body).toBe(
      'Objection handler hat „How do I handle price?“ beantwortet',
    );
  });
});

// A notice kept as message ids and values reads in the language of whoever formats it: every
// language the app ships, numbers and clock times by that language's locale, the service's names
// as it gave them; and the words kept beside the messages when the reader cannot format them.
import { describe, expect, it } from 'vitest';
import type { NotificationText } from '../../../../electron/contract';
import { LANGUAGES } from '../../../../electron/domain/i18n/language-tags';
import { nodeTranslator } from '../../../../electron/domain/i18n/node-translator';
import { createTranslator } from '../../../../electron/domain/i18n/translator';
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import { formatNotice } from '../../../../electron/domain/notifications/notification-text';

const QUOTA: NotificationText = {
  title: { id: 'desktop.notification.quotaUsed', values: { quota: 'requests', ratio: 0.95 } },
  body: [
    {
      id: 'desktop.notification.quotaBody',
      values: { quota: 'requests', used: 4813, limit: 5000 },
    },
  ],
};
const OLD_WORDS = { title: 'kept title', body: 'kept body' };
/** Which space groups the digits (U+202F or U+0020 in French) is FormatJS's affair, not ours. */
const spaces = (text: string) => text.replace(/[\s\u202f]/g, ' ');

describe('notices formatted from their messages', () => {
  it.each(LANGUAGES)('reads in %s, with the numbers as its locale writes them', (language) => {
    const translator = nodeTranslator(language);
    const { title, body } = formatNotice(translator, { ...OLD_WORDS, message: QUOTA });
    const number = (value: number) =>
      spaces(new Intl.NumberFormat(translator.locale).format(value));
    expect(spaces(body)).toContain(number(4813));
    expect(spaces(body)).toContain(number(5000));
    expect(title).toContain(number(95));
    // Never the kept words, never a placeholder left unformatted.
    expect(`${title} ${body}`).not.toMatch(/kept|[{}]/);
    if (language !== 'en') {
      const english = formatNotice(nodeTranslator('en'), { ...OLD_WORDS, message: QUOTA });
      expect(title).not.toBe(english.title);
      expect(body).not.toBe(english.body);
    }
  });

  it('writes German as a German reads it', () => {
    expect(formatNotice(nodeTranslator('de'), { ...OLD_WORDS, message: QUOTA })).toEqual({
      title: '95 % des Kontingents für Anfragen genutzt',
      body: '4.813 von 5.000 Anfragen in diesem Abrechnungszeitraum genutzt.',
    });
  });

  it('writes Arabic numbers with the digits the app’s Arabic locale formats', () => {
    const translator = nodeTranslator('ar');
    const digits = new Intl.NumberFormat(translator.locale);
    const { title, body } = formatNotice(translator, { ...OLD_WORDS, message: QUOTA });
    expect(title).toContain(digits.format(95));
    expect(body).toContain(`${digits.format(4813)} من ${digits.format(5000)}`);
    expect(`${title} ${body}`).not.toMatch(/[A-Za-z]/);
  });

  it('shows a meeting’s start in the zone it was raised in, in the reader’s words', () => {
    const message: NotificationText = {
      title: { text: 'Café Müller pricing call' },
      body: [
        {
          id: 'desktop.notification.meetingStarts',
          values: {
            time: { time: '2026-11-24T09:00:00.000Z', timeZone: 'Europe/Berlin' },
            minutes: 15,
          },
        },
        { text: 'Bring the **net-60** terms.' },
      ],
    };
    expect(formatNotice(nodeTranslator('de'), { ...OLD_WORDS, message })).toEqual({
      title: 'Café Müller pricing call',
      body: 'Beginnt um 10:00 (in 15 Min.) · Bring the net-60 terms.',
    });
    const ja = nodeTranslator('ja');
    expect(formatNotice(ja, { ...OLD_WORDS, message }).body).toBe(
      `${ja.t('desktop.notification.meetingStarts', { time: '10:00', minutes: 15 })} · Bring the net-60 terms.`,
    );
  });

  it('keeps names and questions as the service gave them, with no bidi control, and words inside words', () => {
    const message: NotificationText = {
      title: {
        id: 'desktop.notification.runAnsweredQuestion',
        values: { agent: 'Deal \u202Ecoach', question: 'Was sagt Zoë?' },
      },
      body: [
        {
          id: 'desktop.notification.onDeal',
          values: { deal: 'Zoë’s Café', line: { id: 'runs.status.done' } },
        },
      ],
    };
    expect(formatNotice(nodeTranslator('de'), { ...OLD_WORDS, message })).toEqual({
      title: 'Deal coach hat „Was sagt Zoë?“ beantwortet',
      body: 'Zoë’s Café · Fertig',
    });
  });

  it('falls back to the kept words when the reader’s catalogue lacks an id, or none were kept', () => {
    const reader = createTranslator({
      language: 'de',
      // A reader one release older: it does not know the status word yet.
      messages: Object.fromEntries(
        Object.entries(CATALOGUES.de).filter(([id]) => id !== 'runs.status.done'),
      ) as typeof CATALOGUES.de,
      fallback: CATALOGUES.en,
    });
    const notice = {
      ...OLD_WORDS,
      message: {
        title: { id: 'desktop.notification.runAnswered', values: { agent: 'Deal coach' } },
        body: [
          {
            id: 'desktop.notification.onDeal',
            values: { deal: 'A', line: { id: 'runs.status.done' } },
          },
        ],
      },
    };
    expect(formatNotice(reader, notice)).toEqual({
      title: 'Deal coach hat geantwortet',
      body: 'kept body',
    });
    expect(formatNotice(nodeTranslator('de'), OLD_WORDS)).toEqual(OLD_WORDS);
  });

  it('shortens a long question inside its quotes, never the sentence around it', () => {
    const question =
      'Wie gehe ich mit dem Einwand um, dass der Preis für das zweite Jahr zu hoch ist, und was soll ich anbieten?';
    const { title } = formatNotice(nodeTranslator('de'), {
      ...OLD_WORDS,
      message: {
        title: {
          id: 'desktop.notification.runAnsweredQuestion',
          values: { agent: 'Einwandbehandlung', question },
        },
        body: [],
      },
    });
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^Einwandbehandlung hat „Wie gehe ich mit dem Einwand.*…“ beantwortet$/);
  });
});

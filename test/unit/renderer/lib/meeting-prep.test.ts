import { describe, expect, it } from 'vitest';
import { meetingPrepOf, stakeOf, whoNames } from '../../../../src/lib/meetingPrep';
import { listParts } from '../../../../src/lib/format';
import type { Json, JsonRecord } from '../../../../src/lib/records';
import { translatorFor } from '../../../support/translators';

const briefing: JsonRecord = {
  meetingId: 'mtg_1',
  title: 'Contract call – Acme',
  startsAt: '2026-11-24T09:00:00.000Z',
  endsAt: '2026-11-24T09:45:00.000Z',
  dealId: 'd1',
  dealName: 'Acme – Renewal',
  attendees: [
    { name: 'Alex Morgan', role: 'Account executive', email: 'alex@us.example', internal: true },
    {
      name: 'Anna Berg',
      role: 'CFO',
      email: 'anna@acme.example',
      company: 'Acme',
      internal: false,
    },
    { name: 'Tom Lund', role: 'CTO', email: 'tom@acme.example', company: 'Acme', internal: false },
  ],
  risks: ['Budget only half approved'],
  agenda: ['Intro'],
  talkingPoints: ['Tie value to goals'],
};

const deal = {
  data: {
    amount: 120000,
    currency: 'EUR',
    stage: 'negotiation',
    closeDate: '2026-12-24',
    nextStep: 'Agree on final terms',
    activities: [
      { at: '2026-11-10T10:00:00Z', summary: 'Call with Anna Berg about budget.' },
      { at: '2026-11-20T10:00:00Z', summary: 'Sent Anna Berg the pricing.' },
    ],
  },
};

describe('the meeting-prep card', () => {
  it('lists their people first, each with the last activity naming them', () => {
    const prep = meetingPrepOf(briefing, deal);
    expect(prep?.attendees.map((a) => a.name)).toEqual(['Anna Berg', 'Tom Lund', 'Alex Morgan']);
    expect(prep?.attendees[0]?.lastContactAt).toBe('2026-11-20T10:00:00Z');
    expect(prep?.attendees[1]?.lastContactAt).toBeUndefined();
    expect(prep?.risks).toEqual(['Budget only half approved']);
    expect(prep?.dealName).toBe('Acme – Renewal');
  });

  it('reads a CRM briefing that nests the meeting', () => {
    const { attendees = [], title = '', ...rest } = briefing;
    const prep = meetingPrepOf({ ...rest, meeting: { title, attendees } });
    expect(prep?.meeting.title).toBe('Contract call – Acme');
    expect(prep?.attendees).toHaveLength(3);
  });

  it('is not a prep card when the briefing is about no meeting', () => {
    expect(meetingPrepOf({ headline: 'Nothing today' })).toBeUndefined();
  });

  it('says what is at stake from the deal', () => {
    expect(stakeOf(deal)).toMatchObject({
      stage: 'Negotiation',
      closeDate: '2026-12-24',
      nextStep: 'Agree on final terms',
    });
    expect(stakeOf(deal).amount).toMatch(/120,000/);
  });

  it('names who comes from their side in one line, joined as the language joins a list', () => {
    const person = (name: string) => ({ name, internal: false });
    const four = [person('A'), person('B'), person('C'), person('D')];
    // The line as shown: the names joined by the language's own separators (ui/NameList).
    const whoLine = (people: typeof four, translator: ReturnType<typeof translatorFor>) => {
      const names = whoNames(people, translator);
      return (
        names &&
        listParts(names, translator.locale)
          .map((p) => p.text)
          .join('')
      );
    };
    const english = translatorFor('en', 'en-GB');
    expect(whoLine([person('A'), person('B')], english)).toBe('A and B');
    expect(whoLine(four, english)).toBe('A, B and 2 more');
    expect(whoNames([{ name: 'Us', internal: true }], english)).toBeUndefined();
    // American English writes the serial comma.
    expect(whoLine(four, translatorFor('en', 'en-US'))).toBe('A, B, and 2 more');
    expect(whoLine(four, translatorFor('de'))).toBe('A, B und 2 weitere Personen');
    expect(whoLine(four.slice(0, 3), translatorFor('de'))).toBe('A, B und C');
    expect(whoLine(four, translatorFor('ja'))).toBe('A、B、ほか2名');
    expect(whoLine(four, translatorFor('ar'))).toBe('A وB وشخصين آخرين');
  });

  it('keeps each name its own item, the separators apart, to isolate each name alone', () => {
    const names = ['Lukas Brunner', 'Anna Keller'];
    expect(listParts(names, 'ar')).toEqual([
      { kind: 'item', text: 'Lukas Brunner' },
      { kind: 'literal', text: ' و' },
      { kind: 'item', text: 'Anna Keller' },
    ]);
  });
});

describe('the meeting’s brief', () => {
  const brief = 'Open with the **net-60** question.\n\n1. Anchor on value\n2. Offer a pilot';

  it('is read as the markdown the service sends, at the top or in the nested meeting', () => {
    expect(meetingPrepOf({ ...briefing, brief })?.brief).toBe(brief);
    const { title = '', ...rest } = briefing;
    expect(meetingPrepOf({ ...rest, meeting: { title, brief } })?.brief).toBe(brief);
  });

  it('is read from an object holding its text, or from lines', () => {
    expect(meetingPrepOf({ ...briefing, brief: { markdown: brief } })?.brief).toBe(brief);
    expect(meetingPrepOf({ ...briefing, brief: { text: 'Ask about budget.' } })?.brief).toBe(
      'Ask about budget.',
    );
    expect(meetingPrepOf({ ...briefing, brief: ['1. Anchor', '2. Pilot'] })?.brief).toBe(
      '1. Anchor\n2. Pilot',
    );
  });

  it('is absent, and the card still shown, for any other shape', () => {
    const others: Json[] = [42, true, null, '  ', [], ['line', 3], { markdown: 7 }, { title: 'x' }];
    for (const other of others) {
      const prep = meetingPrepOf({ ...briefing, brief: other });
      expect(prep?.meeting.title, JSON.stringify(other)).toBe('Contract call – Acme');
      expect(prep?.brief, JSON.stringify(other)).toBeUndefined();
    }
    expect(meetingPrepOf(briefing)?.brief).toBeUndefined();
  });
});

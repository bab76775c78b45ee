// A briefing's meetings as core and the renderer both read them: the text they show is the
// service's, without the bidi or control characters that could make it read as something else.
import { describe, expect, it } from 'vitest';
import { meetingsOf, timeUntil } from '../../../../electron/domain/briefings/meetings';
import { translatorFor } from '../../../support/translators';

describe('a meeting as shown', () => {
  it('has its title, place and summary without bidi or control characters', () => {
    const [meeting] = meetingsOf({
      title: 'Call \u202elaunaM\u202c',
      location: 'Room\u0007 4',
      summary: 'Line one\r\n\u2067Line two\u2069',
      startsAt: '2026-11-23T10:00:00Z',
    });
    expect(meeting).toMatchObject({
      title: 'Call launaM',
      location: 'Room 4',
      summary: 'Line one\nLine two',
    });
  });

  it('keeps a meeting apart from others by what the service sent', () => {
    const [first, second] = meetingsOf({
      meetings: [
        { title: 'Call \u202eA', startsAt: '2026-11-23T10:00:00Z' },
        { title: 'Call A', startsAt: '2026-11-23T10:00:00Z' },
      ],
    });
    expect(first?.title).toBe(second?.title);
    expect(first?.key).not.toBe(second?.key);
  });
});

describe('how soon a meeting starts', () => {
  const now = new Date('2026-11-23T09:00:00Z');
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  it('says it in the language in use, with its plural forms', () => {
    const de = translatorFor('de').t;
    expect(timeUntil(inMinutes(25), now, de)).toBe('in 25 Min.');
    expect(timeUntil(inMinutes(125), now, de)).toBe('in 2 Std. 5 Min.');
    expect(timeUntil(inMinutes(-1), now, de)).toBe('jetzt');
    const ar = translatorFor('ar', 'ar-u-nu-latn').t;
    expect(timeUntil(inMinutes(1), now, ar)).toBe('بعد دقيقة واحدة');
    expect(timeUntil(inMinutes(2), now, ar)).toBe('بعد دقيقتين');
    expect(timeUntil(inMinutes(5), now, ar)).toBe('بعد 5 دقائق');
    expect(timeUntil(inMinutes(120), now, ar)).toBe('بعد ساعتين');
    expect(timeUntil(inMinutes(62), now, ar)).toBe('بعد ساعة ودقيقتين');
    expect(timeUntil(inMinutes(45), now, translatorFor('ja').t)).toBe('45 分後');
  });
});

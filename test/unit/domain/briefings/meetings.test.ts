// A briefing's meetings as core and the renderer both read them: the text they show is the
// service's, without the bidi or control characters that could make it read as something else.
import { describe, expect, it } from 'vitest';
import { meetingsOf } from '../../../../electron/domain/briefings/meetings';

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

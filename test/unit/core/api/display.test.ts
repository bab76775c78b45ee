import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayHints,
  SUBTITLE_FALLBACKS,
  TITLE_FALLBACKS,
} from '../../../../electron/core/api/display';

const nonBlank = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');

describe('displayHints', () => {
  it('uses the documented id fallbacks in order, a UUID first', () => {
    const uuid = '5b0e7c7a-3f1e-4d8a-9b6c-2a1f0e9d8c7b';
    expect(displayHints({ Id: '0065g00000Q8xYz', uuid }, 'deal').id).toBe(uuid);
    expect(displayHints({ deal_id: 'd2' }, 'deal').id).toBe('d2');
    expect(displayHints({ dealId: 'd1', uuid: 'u1' }, 'deal').id).toBe('d1');
    expect(displayHints({ uuid: 'u1', key: 'k' }, 'deal').id).toBe('u1');
    expect(displayHints({ id: 42 }, 'deal').id).toBe('42');
    expect(displayHints({ agentId: 'sales.briefer' }, 'agent').id).toBe('sales.briefer');
  });

  it('takes the first present title key, whatever else the record holds', () => {
    fc.assert(
      fc.property(
        fc.subarray([...TITLE_FALLBACKS], { minLength: 1 }),
        fc.array(nonBlank, {
          minLength: TITLE_FALLBACKS.length,
          maxLength: TITLE_FALLBACKS.length,
        }),
        (keys, values) => {
          const record = Object.fromEntries(keys.map((k, i) => [k, values[i]]));
          const expected = TITLE_FALLBACKS.find((k) => keys.includes(k));
          const value = expected === undefined ? undefined : record[expected];
          expect(displayHints(record, 'deal').title).toBe(value?.trim());
        },
      ),
    );
  });

  it('falls back to the id, then to "Untitled <resource>"', () => {
    expect(displayHints({ runId: 'r9', status: 'running' }, 'run')).toEqual({
      id: 'r9',
      title: 'r9',
      subtitle: 'running',
    });
    expect(displayHints({}, 'briefing')).toEqual({
      id: undefined,
      title: 'Untitled briefing',
      subtitle: undefined,
    });
    expect(displayHints({ name: '   ', title: 'Real' }, 'deal').title).toBe('Real');
  });

  it('picks a subtitle by the documented order, reading nested names and skipping the title', () => {
    expect(SUBTITLE_FALLBACKS.slice(0, 3)).toEqual(['description', 'summary', 'account']);
    expect(
      displayHints({ name: 'Renewal', account: { name: 'Acme' }, stage: 'won' }, 'deal').subtitle,
    ).toBe('Acme');
    expect(displayHints({ name: 'Acme', accountName: 'Acme', stage: 'won' }, 'deal').subtitle).toBe(
      'won',
    );
    expect(displayHints({ name: 'x', description: 5, summary: 'Short' }, 'deal').subtitle).toBe(
      'Short',
    );
  });

  it('never throws and always yields a non-empty title for any record', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (record) => {
        const hints = displayHints(record, 'deal');
        return (
          typeof hints.title === 'string' && hints.title.length > 0 && hints.title.length <= 200
        );
      }),
    );
  });

  it('shows titles and subtitles as sent, with no bidi or control character to reorder them', () => {
    const hints = displayHints(
      { name: 'Acme \u202erenewal\u202c\n2026', description: 'Upsell\u0007 \u2066seats\u2069' },
      'deal',
    );
    expect(hints.title).toBe('Acme renewal 2026');
    expect(hints.subtitle).toBe('Upsell seats');
    expect(displayHints({ id: 'D-\u202e17' }, 'deal').title).toBe('D-17');
    expect(displayHints({ id: '\u202e' }, 'deal').title).toBe('Untitled deal');
  });
});

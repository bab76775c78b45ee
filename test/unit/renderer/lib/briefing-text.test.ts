import { describe, expect, it } from 'vitest';
import { linkDealNames, localiseUtcTimes } from '../../../../src/lib/briefingText';

const contoso = { dealId: 'd-1', name: 'Contoso – Research agents' };
const acme = { dealId: 'd-2', name: 'Acme [EU] renewal' };

describe('linkDealNames', () => {
  it('links a deal named in bold, and says which deals it linked', () => {
    const { text, linked } = linkDealNames(
      'The most urgent deal is **Contoso – Research agents** (USD 36,920).',
      [contoso, acme],
    );
    expect(text).toBe(
      'The most urgent deal is [**Contoso – Research agents**](#/deals/d-1) (USD 36,920).',
    );
    expect([...linked]).toEqual(['d-1']);
  });

  it('links a table cell that is exactly the deal’s name, keeping the table intact', () => {
    const table = [
      '| Deal | Stage |',
      '| --- | --- |',
      '| Contoso – Research agents | Negotiation |',
      '| Contoso – Research agents, phase 2 | Proposal |',
    ].join('\n');
    const { text } = linkDealNames(table, [contoso]);
    expect(text.split('\n')[2]).toBe('| [Contoso – Research agents](#/deals/d-1) | Negotiation |');
    // A cell that only starts with the name is another deal: left alone.
    expect(text.split('\n')[3]).toBe('| Contoso – Research agents, phase 2 | Proposal |');
  });

  it('takes a cell as the text before a bar: a row without outer bars too, never what ends it', () => {
    const rows = [
      'Contoso – Research agents | Negotiation |',
      '| Open | Contoso – Research agents',
    ];
    const { text, linked } = linkDealNames(rows.join('\n'), [contoso]);
    expect(text.split('\n')).toEqual([
      '[Contoso – Research agents](#/deals/d-1) | Negotiation |',
      '| Open | Contoso – Research agents',
    ]);
    expect([...linked]).toEqual(['d-1']);
  });

  it('escapes brackets in the name and does not link an already linked name twice', () => {
    const once = linkDealNames('**Acme [EU] renewal**', [acme]).text;
    expect(once).toBe('[**Acme \\[EU\\] renewal**](#/deals/d-2)');
    expect(linkDealNames('[**Acme [EU] renewal**](#/deals/d-2)', [acme]).linked.size).toBe(0);
  });

  it('leaves plain mentions and very short names alone', () => {
    const { text, linked } = linkDealNames('Contoso – Research agents is quiet. **Ace**', [
      contoso,
      { dealId: 'd-3', name: 'Ace' },
    ]);
    expect(text).toBe('Contoso – Research agents is quiet. **Ace**');
    expect(linked.size).toBe(0);
  });
});

describe('localiseUtcTimes', () => {
  it('writes UTC clock times in the given time zone on the briefing’s day', () => {
    const text = '- **10:30 UTC** Terms review\n- **17:30 UTC** Demo';
    expect(localiseUtcTimes(text, '2026-11-25', 'en-GB', 'Asia/Tokyo')).toBe(
      '- **\u206819:30\u2069** Terms review\n- **\u206802:30\u2069** Demo',
    );
    // New York is UTC-5 in November.
    expect(localiseUtcTimes('at 9:05 UTC', '2026-11-25', 'en-US', 'America/New_York')).toBe(
      'at \u20684:05 AM\u2069',
    );
  });

  it('writes the time in the interface’s locale, isolated from the briefing’s own words', () => {
    // An Arabic interface over an English briefing: the time reads right to left on its own.
    expect(localiseUtcTimes('Call at 9:30 UTC.', '2026-11-25', 'ar', 'UTC')).toBe(
      'Call at \u20689:30 ص\u2069.',
    );
    expect(localiseUtcTimes('Anruf um 9:30 UTC.', '2026-11-25', 'de', 'UTC')).toBe(
      'Anruf um \u206809:30\u2069.',
    );
  });

  it('leaves text without a UTC time, or without a usable day, unchanged', () => {
    expect(localiseUtcTimes('Call at 10:30 with Ana', '2026-11-25', 'en-GB', 'UTC')).toBe(
      'Call at 10:30 with Ana',
    );
    expect(localiseUtcTimes('at 10:30 UTC', 'today', 'en-GB', 'Asia/Tokyo')).toBe('at 10:30 UTC');
  });
});

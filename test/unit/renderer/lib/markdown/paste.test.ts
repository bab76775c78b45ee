import { describe, expect, it } from 'vitest';
import { pasteReady } from '../../../../../src/lib/markdown/paste';

const answer = [
  '## Next steps for Maple & Birch',
  '',
  'Call **Dana** on *Tuesday*; see [the deck](https://example.com/deck).',
  '',
  '1. Confirm the budget',
  '2. Send the `MSA` draft',
  '   - legal first',
  '',
  '| Risk | Owner |',
  '| --- | --- |',
  '| Budget | Dana |',
  '',
  '```',
  'Subject: Follow-up',
  '```',
  '',
  '> Quoted <b>note</b>',
].join('\n');

describe('an answer ready to paste', () => {
  it('is clean plain text: no heading marks, emphasis, pipes or fences', () => {
    const { text } = pasteReady(answer);
    expect(text).toBe(
      [
        'Next steps for Maple & Birch',
        'Call Dana on Tuesday; see the deck (https://example.com/deck).',
        '1. Confirm the budget\n2. Send the MSA draft\n  - legal first',
        'Risk\tOwner\nBudget\tDana',
        'Subject: Follow-up',
        'Quoted <b>note</b>',
      ].join('\n\n'),
    );
  });

  it('is HTML with the structure, and raw HTML in the answer stays text', () => {
    const { html } = pasteReady(answer);
    expect(html).toContain('<h2>Next steps for Maple &amp; Birch</h2>');
    expect(html).toContain('<strong>Dana</strong>');
    expect(html).toContain('<a href="https://example.com/deck">the deck</a>');
    expect(html).toContain('<ol><li>Confirm the budget</li>');
    expect(html).toContain('<table><thead><tr><th>Risk</th><th>Owner</th></tr></thead>');
    expect(html).toContain('<pre><code>Subject: Follow-up</code></pre>');
    expect(html).toContain('&lt;b&gt;note&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('keeps only web links as links', () => {
    const { text, html } = pasteReady('[run me](javascript:alert(1)) and [mail](mailto:a@b.c)');
    expect(html).not.toContain('href');
    expect(text).toBe('run me and mail');
  });

  it('leaves plain prose as it is', () => {
    expect(pasteReady('Just a sentence.').text).toBe('Just a sentence.');
    expect(pasteReady('').text).toBe('');
  });
});

describe('the question an answer opens by quoting', () => {
  const quoted = (quote: string) =>
    ['# Deal coach: Harbour', '', `> ${quote}`, '', 'Here is what we promised.'].join('\n');

  it('is left out of both text and HTML, quoted whole or cut short', () => {
    const question = 'What did we  promise Harbour\nabout pricing?';
    for (const quote of ['What did we promise Harbour about pricing?', 'What did we promise…']) {
      const { text, html } = pasteReady(quoted(quote), question);
      expect(text).toBe('Deal coach: Harbour\n\nHere is what we promised.');
      expect(html).not.toContain('<blockquote>');
    }
  });

  it('stays when the quote says something else, or sits further down', () => {
    const other = pasteReady(quoted('Their CFO said: no discounts.'), 'What did we promise?');
    expect(other.text).toContain('Their CFO said: no discounts.');
    const late = ['# A', '', 'One.', '', 'Two.', '', '> What did we promise?'].join('\n');
    expect(pasteReady(late, 'What did we promise?').text).toContain('What did we promise?');
    // Without a question, nothing is taken out.
    expect(pasteReady(quoted('What did we promise?')).text).toContain('What did we promise?');
  });
});

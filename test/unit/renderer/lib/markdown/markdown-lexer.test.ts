// The app's lexer skips a block rule where its block cannot start (src/lib/markdown/lexer.ts):
// its tokens must be marked's own, for answers as agents write them, for every kind of block the
// checks are about, and for random texts made of the characters those blocks are made of.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Lexer } from 'marked';
import { lexMarkdown } from '../../../../../src/lib/markdown/lexer';

const marked = (text: string) => Lexer.lex(text, { gfm: true, breaks: false });

const CORPUS = [
  'hello world',
  'Acme renewal is **at risk**: the champion left. See [the deal](https://crm.example/d/1).',
  '## Next steps\n\n1. Call **Dana**\n2. Send the _revised_ pricing\n\n- one\n- two\n  - nested\n',
  '| Stage | Deals | Share |\n| --- | ---: | :---: |\n| Proposal | 10 | 50% |\n| Negotiation | 8 | 75% |\n',
  'Stage | Deals\n--- | ---\nProposal | 10\n',
  '| one column |\n| - |\n| cell |\n',
  'Header\n:-\nrow',
  'a | b\n-|-\n',
  'Title\n=====\n\nText under it.',
  'Title\n---\nand a paragraph',
  '  Indented title\n  ---\n',
  'Not a heading\n- - -\n',
  'Line one\nline two\n===\n',
  '> A quote\n> on two lines\nlazily continued\n\n> > nested\n',
  '   > indented quote',
  '    > code, not a quote',
  '<div class="x">\n*html*\n</div>\n\nafter',
  '<!-- a comment -->\ntext',
  '<!DOCTYPE html>\n',
  '<span>inline</span> text',
  'text\n<div>\ninterrupts?</div>',
  '[ref]: https://example.com "Title"\n\nUse [ref] here.',
  '   [x]: /url\n',
  '[not a def] just text',
  '```ts\nconst a = 1;\n```\n\n~~~\nfenced\n~~~',
  '    indented code\n\nafter',
  'Text with a pipe | in it\nand a second line with - dash',
  '- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n',
  '1. first\n   > quoted in a list\n2. second\n   Title\n   ---\n',
  'www.example.com and https://x.example and a@b.example ~~struck~~',
  'صفقة **مهمة** مع Acme Corp: الخطوة التالية\n\n| العمود | Column |\n| --- | --- |\n| ١ | 2 |',
  '東京ロボティクス：次のステップ\n===\n',
  '',
  '\n\n\n',
  '-\n',
  '=\n',
  '|\n|\n',
  'a\n|-|\n',
  '> \n>\n',
  '<',
  '[',
];

describe('lexMarkdown', () => {
  it.each(CORPUS.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    'lexes %s as marked does',
    (_name, text) => {
      expect(lexMarkdown(text)).toEqual(marked(text));
    },
  );

  it('lexes random texts of block-making characters as marked does', () => {
    const fragment = fc.constantFrom(
      '\n',
      '\n\n',
      ' ',
      '   ',
      '    ',
      '\t',
      '|',
      ' | ',
      '-',
      '---',
      ':',
      ':-:',
      '=',
      '===',
      '>',
      '> ',
      '<div>',
      '</div>',
      '<!--',
      '-->',
      '<span>',
      '[a]',
      '[a]: /u',
      ' "t"',
      '#',
      '## ',
      '*',
      '**',
      '_',
      '`',
      '```',
      '~~~',
      '1. ',
      '- ',
      '+ ',
      'word',
      'Acme',
      'دانا',
      '会議',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(lexMarkdown(text)).toEqual(marked(text));
      }),
      { numRuns: 3000 },
    );
  });
});

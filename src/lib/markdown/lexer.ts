// Markdown lexed as marked lexes it (GitHub's flavour, no line breaks from single newlines), with
// marked's own tokenizer, which here tries a block rule's large expression only where a block of
// that kind can start. Marked tries every block rule in turn at each block, and V8 compiles an
// expression the first time it runs: the setext heading's, the table's, the block quote's and the
// HTML block's are long ones (their "this may interrupt a paragraph" alternatives), and compiling
// them was about a third of a page's first lexing (docs/performance.md, "Start-up order"). Each
// check below is a condition every match of its rule meets, so the tokens are the same
// (markdown-lexer.test.ts compares them with marked's on a corpus and random texts).
import { Lexer, Tokenizer } from 'marked';
import type { Token, Tokens } from 'marked';

/** A setext heading's underline: a line of only `=` or only `-` under the heading's text. */
const SETEXT_UNDERLINE = /\n {0,3}(?:=+|-+)[ \t]*(?:\n|$)/;
/** A table's second line: its delimiter row, only pipes, colons, spaces and at least one `-`. */
const TABLE_DELIMITER_ROW = /^[^\n]*\n {0,3}(?=[-|: ]*-)[-|: ]+(?:\n|$)/;
const BLOCKQUOTE_START = /^ {0,3}>/;
const HTML_BLOCK_START = /^ {0,3}</;
const DEFINITION_START = /^ {0,3}\[/;

class QuickTokenizer extends Tokenizer {
  override lheading(src: string): Tokens.Heading | undefined {
    return SETEXT_UNDERLINE.test(src) ? super.lheading(src) : undefined;
  }

  override table(src: string): Tokens.Table | undefined {
    return TABLE_DELIMITER_ROW.test(src) ? super.table(src) : undefined;
  }

  override blockquote(src: string): Tokens.Blockquote | undefined {
    return BLOCKQUOTE_START.test(src) ? super.blockquote(src) : undefined;
  }

  override html(src: string): Tokens.HTML | undefined {
    return HTML_BLOCK_START.test(src) ? super.html(src) : undefined;
  }

  override def(src: string): Tokens.Def | undefined {
    return DEFINITION_START.test(src) ? super.def(src) : undefined;
  }
}

/** The tokens of `markdown`, exactly as `Lexer.lex(markdown, { gfm: true, breaks: false })`. */
export function lexMarkdown(markdown: string): Token[] {
  // A tokenizer per call: the lexer points it at itself and its options while it lexes.
  return Lexer.lex(markdown, { gfm: true, breaks: false, tokenizer: new QuickTokenizer() });
}

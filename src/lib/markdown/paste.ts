// An answer made ready to paste: clean plain text (no `#`, pipes or fences) for chat and plain
// editors, and HTML for mail and documents, both from marked's tokens and read the way the
// screen shows them: raw HTML in an answer stays text, only web links stay links. The question,
// where the answer opens by quoting it, is left out.
import { Lexer } from 'marked';
import type { Token, Tokens } from 'marked';
import { decodeEntities, safeExternalUrl } from './inline';

export interface PasteReady {
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Writer {
  inline(tokens: Token[] | undefined, fallback: string): string;
}

/** A text token: its inline children as `writer` writes them, else its own text, decoded. */
function textToken(token: Tokens.Text, writer: Writer, leaf: (text: string) => string): string {
  return token.tokens && token.tokens.length > 0
    ? writer.inline(token.tokens, token.text)
    : leaf(decodeEntities(token.text));
}

/** A link's words as `writer` writes them, its address as written, and as a web address (or null). */
function linkParts(link: Tokens.Link, writer: Writer) {
  const label = writer.inline(link.tokens, link.text);
  return { label, written: link.href, href: safeExternalUrl(link.href) };
}

function plainInline(token: Token): string {
  switch (token.type) {
    case 'text':
      return textToken(token as Tokens.Text, plain, (text) => text);
    case 'escape':
    case 'codespan':
      return (token as Tokens.Codespan).text;
    case 'strong':
    case 'em':
    case 'del': {
      const t = token as Tokens.Strong;
      return plain.inline(t.tokens, t.text);
    }
    case 'br':
      return '\n';
    case 'link': {
      const { label, href, written } = linkParts(token as Tokens.Link, plain);
      // The address after its words, unless the words are the address.
      return href === null || label === written || label === href ? label : `${label} (${href})`;
    }
    case 'image': {
      const image = token as Tokens.Image;
      return image.text || image.href;
    }
    case 'checkbox':
      return (token as Tokens.Checkbox).checked ? '[x] ' : '[ ] ';
    case 'html':
      return (token as Tokens.HTML).text;
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
  }
}

function htmlInline(token: Token): string {
  switch (token.type) {
    case 'text':
      return textToken(token as Tokens.Text, rich, escapeHtml);
    case 'escape':
      return escapeHtml((token as Tokens.Escape).text);
    case 'strong':
    case 'em':
    case 'del': {
      const t = token as Tokens.Strong;
      return `<${token.type}>${rich.inline(t.tokens, t.text)}</${token.type}>`;
    }
    case 'codespan':
      return `<code>${escapeHtml((token as Tokens.Codespan).text)}</code>`;
    case 'br':
      return '<br>';
    case 'link': {
      const { label, href } = linkParts(token as Tokens.Link, rich);
      return href === null ? label : `<a href="${escapeHtml(href)}">${label}</a>`;
    }
    case 'image': {
      const image = token as Tokens.Image;
      return escapeHtml(image.text || image.href);
    }
    case 'checkbox':
      return (token as Tokens.Checkbox).checked ? '☑ ' : '☐ ';
    default:
      return escapeHtml(plainInline(token));
  }
}

const plain: Writer = {
  inline: (tokens, fallback) =>
    tokens && tokens.length > 0 ? tokens.map(plainInline).join('') : decodeEntities(fallback),
};
const rich: Writer = {
  inline: (tokens, fallback) =>
    tokens && tokens.length > 0
      ? tokens.map(htmlInline).join('')
      : escapeHtml(decodeEntities(fallback)),
};

function plainList(list: Tokens.List, indent: string): string {
  const start = typeof list.start === 'number' ? list.start : 1;
  return list.items
    .map((item, i) => {
      const marker = list.ordered ? `${start + i}. ` : '- ';
      const body = item.tokens
        .map((child) =>
          child.type === 'list'
            ? plainList(child as Tokens.List, `${indent}  `)
            : plainBlock(child),
        )
        .filter((part) => part !== '')
        .join('\n');
      return `${indent}${marker}${body}`;
    })
    .join('\n');
}

function plainBlock(token: Token): string {
  switch (token.type) {
    case 'heading':
    case 'paragraph': {
      const t = token as Tokens.Paragraph;
      return plain.inline(t.tokens, t.text);
    }
    case 'text': {
      const t = token as Tokens.Text;
      return plain.inline(t.tokens, t.text);
    }
    case 'list':
      return plainList(token as Tokens.List, '');
    case 'code':
      return (token as Tokens.Code).text;
    case 'blockquote':
      return blocksToPlain((token as Tokens.Blockquote).tokens);
    case 'table': {
      const table = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) =>
        cells.map((cell) => plain.inline(cell.tokens, cell.text)).join('\t');
      return [row(table.header), ...table.rows.map(row)].join('\n');
    }
    case 'html':
      return (token as Tokens.HTML).text.trim();
    case 'hr':
    case 'space':
    case 'def':
      return '';
    default:
      return token.raw.trim();
  }
}

function blocksToPlain(tokens: Token[]): string {
  return tokens
    .map(plainBlock)
    .filter((part) => part !== '')
    .join('\n\n');
}

function htmlBlock(token: Token): string {
  switch (token.type) {
    case 'heading': {
      const h = token as Tokens.Heading;
      const level = Math.min(6, Math.max(1, h.depth));
      return `<h${level}>${rich.inline(h.tokens, h.text)}</h${level}>`;
    }
    case 'paragraph':
    case 'text': {
      const t = token as Tokens.Paragraph;
      return `<p>${rich.inline(t.tokens, t.text)}</p>`;
    }
    case 'list': {
      const list = token as Tokens.List;
      const tag = list.ordered ? 'ol' : 'ul';
      const start =
        list.ordered && typeof list.start === 'number' && list.start !== 1
          ? ` start="${list.start}"`
          : '';
      // A tight list's items are bare text: no paragraph around them.
      const itemBlock = (child: Token) =>
        child.type === 'text'
          ? rich.inline((child as Tokens.Text).tokens, (child as Tokens.Text).text)
          : htmlBlock(child);
      const items = list.items.map((item) => `<li>${item.tokens.map(itemBlock).join('')}</li>`);
      return `<${tag}${start}>${items.join('')}</${tag}>`;
    }
    case 'code':
      return `<pre><code>${escapeHtml((token as Tokens.Code).text)}</code></pre>`;
    case 'blockquote':
      return `<blockquote>${(token as Tokens.Blockquote).tokens.map(htmlBlock).join('')}</blockquote>`;
    case 'hr':
      return '<hr>';
    case 'table': {
      const table = token as Tokens.Table;
      const cells = (row: Tokens.TableCell[], tag: 'th' | 'td') =>
        `<tr>${row.map((cell) => `<${tag}>${rich.inline(cell.tokens, cell.text)}</${tag}>`).join('')}</tr>`;
      return `<table><thead>${cells(table.header, 'th')}</thead><tbody>${table.rows
        .map((row) => cells(row, 'td'))
        .join('')}</tbody></table>`;
    }
    case 'html':
      return `<p>${escapeHtml((token as Tokens.HTML).text.trim())}</p>`;
    case 'space':
    case 'def':
      return '';
    default:
      return `<p>${escapeHtml(token.raw.trim())}</p>`;
  }
}

const squashed = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Whether a quote near the top of an answer only repeats the question (agents often open by
 * quoting it, in full or cut short with "…"): pasted into an email, it would read as the
 * salesperson's own words.
 */
function quotesQuestion(token: Token, question: string): boolean {
  if (token.type !== 'blockquote') return false;
  const quoted = squashed(plainBlock(token));
  const asked = squashed(question);
  if (quoted === '' || asked === '') return false;
  return quoted === asked || (quoted.endsWith('…') && asked.startsWith(quoted.slice(0, -1)));
}

/** How many blocks from the top a quoted question is looked for (the heading, then the quote). */
const QUESTION_WITHIN = 3;

/**
 * The answer's markdown as clean plain text and as HTML, for the clipboard; without the quoted
 * `question` it may open with.
 */
export function pasteReady(markdown: string, question?: string): PasteReady {
  let tokens: Token[] = Lexer.lex(markdown, { gfm: true, breaks: false });
  if (question !== undefined) {
    const blocks = tokens.filter((t) => t.type !== 'space');
    const quote = blocks.slice(0, QUESTION_WITHIN).find((t) => quotesQuestion(t, question));
    if (quote) tokens = tokens.filter((t) => t !== quote);
  }
  return { text: blocksToPlain(tokens), html: tokens.map(htmlBlock).join('') };
}

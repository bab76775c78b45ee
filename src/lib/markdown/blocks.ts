// Incremental block splitting for streaming markdown. Only the open tail of the text is lexed on
// each update: once a block is followed by another block it can no longer change, so it is
// committed once and its token object is kept (stable identity lets React memoise it). This keeps
// the cost per update proportional to the tail, not to the whole answer.
import { Lexer } from 'marked';
import type { Token } from 'marked';

export type Block = Token;

export interface BlockSnapshot {
  /** Committed blocks; the array only grows and its entries never change. */
  readonly finished: readonly Block[];
  /** How many entries of `finished` belong to this snapshot (the array may have grown since). */
  readonly finishedCount: number;
  /** Blocks of the open tail, re-lexed on every update. */
  readonly tail: readonly Block[];
  /** Length of the normalised text the snapshot covers. */
  readonly length: number;
}

const lexerOptions = { gfm: true, breaks: false } as const;

function lex(src: string): Block[] {
  return Lexer.lex(src, lexerOptions);
}

export class BlockSplitter {
  /**
   * Only the text not yet committed is kept. Tokens hold substrings of the string they were lexed
   * from, and V8 keeps a substring's whole parent alive: lexing a slice of the full text would pin
   * a copy of the full answer per committed block (quadratic memory on long outputs).
   */
  private tail = '';
  private total = 0;
  private readonly committed: Block[] = [];
  private tailBlocks: Block[] = [];
  private pendingCR = false;
  private dirty = false;

  /** Appends a chunk of streamed text; lexing waits for the next `snapshot()`. */
  append(chunk: string): void {
    if (chunk.length === 0) return;
    let normalised = chunk;
    // The lexer normalises line endings; doing it here keeps the token offsets aligned with our
    // copy of the text, including a CRLF split across two chunks.
    if (this.pendingCR && normalised.startsWith('\n')) normalised = normalised.slice(1);
    this.pendingCR = normalised.endsWith('\r');
    normalised = normalised.replace(/\r\n?/g, '\n');
    this.tail += normalised;
    this.total += normalised.length;
    this.dirty = true;
  }

  /** Length of the normalised text so far. */
  get length(): number {
    return this.total;
  }

  snapshot(): BlockSnapshot {
    if (this.dirty) this.relex();
    return {
      finished: this.committed,
      finishedCount: this.committed.length,
      tail: this.tailBlocks,
      length: this.total,
    };
  }

  private relex(): void {
    this.dirty = false;
    const tokens = lex(this.tail);
    let lastContent = -1;
    for (let i = tokens.length - 1; i >= 0; i -= 1) {
      if (tokens[i]?.type !== 'space') {
        lastContent = i;
        break;
      }
    }
    // Everything before the last content block is final: a block followed by another one is not
    // re-opened by text appended later (the lexer decides a block's end by the lines after it).
    let consumed = 0;
    for (let i = 0; i < lastContent; i += 1) {
      const token = tokens[i] as Block;
      consumed += token.raw.length;
      if (token.type !== 'space') this.committed.push(token);
    }
    if (consumed > 0) this.tail = this.tail.slice(consumed);
    this.tailBlocks =
      lastContent < 0 ? [] : tokens.slice(lastContent).filter((t) => t.type !== 'space');
  }
}

/** Splits a whole text at once (for stored transcripts and briefings). */
export function splitBlocks(text: string): Block[] {
  return lex(text.replace(/\r\n?/g, '\n')).filter((t) => t.type !== 'space');
}

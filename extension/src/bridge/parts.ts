// Joins the pieces of a message the app sent in parts (docs/companion.md, "Frames"): they come in
// order, one message at a time, over one port. A piece out of order, a count that changes, or more
// text than any message may hold ends that message: it is dropped whole, never parsed half.
import type { PartMessage } from './messages';

/** The app cuts pieces under 1 MiB; no message it sends is longer than this many pieces. */
export const MAX_PARTS = 64;
/** Characters a joined message may hold (a long answer's snapshot is a few megabytes at most). */
export const MAX_JOINED_CHARS = 32 * 1024 * 1024;

export type JoinOutcome =
  | { kind: 'waiting' }
  | { kind: 'complete'; text: string }
  | { kind: 'dropped'; reason: 'out-of-order' | 'too-large' };

export class PartJoiner {
  private current: { message: number; count: number; pieces: string[]; chars: number } | null =
    null;

  accept(part: PartMessage): JoinOutcome {
    if (part.count > MAX_PARTS) return this.drop('too-large');
    const current = this.current;
    if (part.index === 0) {
      // A new message starts: one left unfinished is dropped (the app sends one at a time).
      this.current = { message: part.message, count: part.count, pieces: [], chars: 0 };
    } else if (
      current === null ||
      current.message !== part.message ||
      current.count !== part.count ||
      current.pieces.length !== part.index
    ) {
      return this.drop('out-of-order');
    }
    const joining = this.current as NonNullable<typeof this.current>;
    joining.chars += part.text.length;
    if (joining.chars > MAX_JOINED_CHARS) return this.drop('too-large');
    joining.pieces.push(part.text);
    if (joining.pieces.length < joining.count) return { kind: 'waiting' };
    this.current = null;
    return { kind: 'complete', text: joining.pieces.join('') };
  }

  /** A new port starts clean: a message cut by a disconnect is not continued. */
  reset(): void {
    this.current = null;
  }

  private drop(reason: 'out-of-order' | 'too-large'): JoinOutcome {
    this.current = null;
    return { kind: 'dropped', reason };
  }
}

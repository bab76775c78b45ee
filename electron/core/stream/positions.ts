// Where each event sits in a run's stream, so a resumed connection never delivers an event twice.
//
// An event with an id is at its id itself. An event without one is at `\0<last id>#<n>`: the
// n-th id-less event since the last id (SSE keeps the last id across events, and that is what a
// server resumes from). A resumed connection starts from the Last-Event-ID it sent, so a server
// that replays the id-less tail after that id produces the same positions again. SSE ignores ids
// containing U+0000, so the leading `\0` keeps the two kinds (and the follower's own
// SYNTHETIC_POSITION events, which start with it too) apart. Using the id as it came avoids a new
// string per event on a fast stream.
//
// Only resumed connections skip known positions: on the first connection every event is new even
// if a server reuses an id, so such a server loses nothing unless a resume is needed. That also
// keeps the first connection cheap: positions are only listed, and the lookup set is built when
// a resume first needs it.

/** Marks a position that is not a server event id. */
export const NOT_AN_ID = '\u0000';

/** The event id a position stands for or follows (`\0X#n` → X); undefined before any id. */
export function anchorOf(position: string): string | undefined {
  if (!position.startsWith(NOT_AN_ID)) return position;
  const hash = position.lastIndexOf('#');
  if (hash <= 0 || !/^\d+$/.test(position.slice(hash + 1))) return undefined;
  const anchor = position.slice(1, hash);
  return anchor === '' ? undefined : anchor;
}

export class StreamPositions {
  private readonly delivered: string[] = [];
  private seen: Set<string> | undefined;
  private anchor: string | undefined;
  private sinceAnchor = 0;
  private resumed = false;
  /** True once any event or id block carried an id (the stream can be resumed). */
  sawId = false;

  constructor(known?: Iterable<string>) {
    if (known) {
      for (const position of known) this.delivered.push(position);
      this.resumed = this.delivered.length > 0;
    }
  }

  /** A new connection that asked to resume from `lastEventId`. */
  startConnection(lastEventId: string | undefined, isResume: boolean): void {
    this.anchor = lastEventId;
    this.sinceAnchor = 0;
    if (isResume) this.resumed = true;
  }

  /** An `id` field ended a block (with or without data). */
  onId(id: string): void {
    this.anchor = id;
    this.sinceAnchor = 0;
    this.sawId = true;
  }

  /** The position of the next message; `id` is the message's own id field, if any. */
  next(id: string | undefined): string {
    if (id !== undefined) return id;
    this.sinceAnchor += 1;
    return `${NOT_AN_ID}${this.anchor ?? ''}#${this.sinceAnchor}`;
  }

  /** Records `position`; false when a resumed connection replays one already delivered. */
  accept(position: string): boolean {
    if (!this.resumed) {
      this.delivered.push(position);
      return true;
    }
    this.seen ??= new Set(this.delivered);
    if (this.seen.has(position)) return false;
    this.seen.add(position);
    this.delivered.push(position);
    return true;
  }
}

// What one follow has taken from its streams so far: the last event id, how many events, the
// output text, the last error and a terminal status. The per-event path lives here, in plain
// methods outside the follower's generators, so it optimises well: it runs once per event.
import type { FollowItem, RunEvent } from './events';
import type { ResumePoint } from './follow-types';
import { SYNTHETIC_POSITION } from './follow-types';
import { normaliseMessage } from './normalise';
import type { Outcome } from './outcome';
import type { StreamPositions } from './positions';
import type { SseMessage } from './sse-decoder';
import { isTerminalStatus } from './vocabulary';

type FinalEvent = Extract<RunEvent, { type: 'final' }>;

export class TakenEvents {
  lastId: string | undefined;
  delivered = 0;
  /** Set when an event is taken; the follower clears it before each connection. */
  progressed = false;
  lastError: Extract<RunEvent, { type: 'error' }> | undefined;
  /** A terminal status the stream reported; the run is over even if no final event follows. */
  terminalStatus: string | undefined;
  /** Output text delivered so far (joined only if a run record's output must be compared). */
  private textParts: string[];

  constructor(
    private readonly positions: StreamPositions,
    resume: ResumePoint | undefined,
  ) {
    this.lastId = resume?.lastEventId;
    if (this.lastId !== undefined) this.positions.sawId = true;
    this.textParts = resume?.text ? [resume.text] : [];
  }

  text(): string {
    const text = this.textParts.join('');
    this.textParts = [text];
    return text;
  }

  /**
   * Takes what the decoder parsed from one chunk into `out`; returns how the connection ends when
   * one of the events ends it.
   */
  takeParsed(
    messages: ReadonlyArray<SseMessage | null>,
    positions: readonly string[],
    out: FollowItem[],
    startGrace: () => void,
  ): Outcome | undefined {
    for (let i = 0; i < messages.length; i += 1) {
      const message = messages[i];
      const position = positions[i] as string;
      if (message === null || message === undefined) {
        this.lastId = position;
        continue;
      }
      if (message.id !== undefined) this.lastId = message.id;
      if (!this.positions.accept(position)) continue;
      const normalised = normaliseMessage(message);
      if (!Array.isArray(normalised)) {
        const stop = this.take(normalised, position, out, startGrace);
        if (stop !== undefined) return stop;
        continue;
      }
      for (const event of normalised) {
        const stop = this.take(event, position, out, startGrace);
        if (stop !== undefined) return stop;
      }
    }
    return undefined;
  }

  /** Takes one new event into `out`; returns how the connection ends when this event ends it. */
  private take(
    event: RunEvent,
    position: string,
    out: FollowItem[],
    startGrace: () => void,
  ): Outcome | undefined {
    if (event.type === 'error' && event.code === 'unauthorized') {
      return { kind: 'unauthorized', fromService: true };
    }
    this.progressed = true;
    this.delivered += 1;
    out.push({ type: 'event', event, position });
    if (event.type === 'output') {
      this.textParts.push(event.text);
    } else if (event.type === 'final') {
      return { kind: 'final' };
    } else if (event.type === 'error') {
      this.lastError = event;
    } else if (event.type === 'status' && isTerminalStatus(event.status)) {
      this.terminalStatus = event.status;
      startGrace();
    }
    return undefined;
  }

  /** The final event made up from a terminal status the stream reported. */
  finalFromStatus(status: string): FollowItem {
    const final: FinalEvent = { type: 'final', status, source: 'stream' };
    if (this.lastError !== undefined) {
      final.error = { code: this.lastError.code, message: this.lastError.message };
    }
    this.delivered += 1;
    return { type: 'event', event: final, position: `${SYNTHETIC_POSITION}status-final` };
  }

  /** The run record's end: its output beyond what was streamed (`rest`), then its final event. */
  takeRecordEnd(rest: string | undefined, final: FinalEvent): FollowItem[] {
    const out: FollowItem[] = [];
    if (rest !== undefined) {
      this.textParts.push(rest);
      out.push({
        type: 'event',
        event: { type: 'output', text: rest, name: 'run.record' },
        position: `${SYNTHETIC_POSITION}record-output`,
      });
    }
    this.delivered += 1;
    out.push({ type: 'event', event: final, position: `${SYNTHETIC_POSITION}record-final` });
    return out;
  }
}

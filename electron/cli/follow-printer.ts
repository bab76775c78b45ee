// How a followed run looks on the terminal. The run's text goes to stdout exactly as it streams
// (nothing added in the middle), status lines go to stderr, and with --json stdout carries one
// JSON event per line instead. Kept apart from the network loop so it can be tested on its own.
import type { FollowItem, RunEvent } from '../core/stream/events';
import { isTerminalStatus, isUnsuccessfulStatus } from '../core/stream/vocabulary';
import { PROGRAM } from './format/errors';
import { paintStatus } from './format/resources';
import { oneLine, safeBlock } from './format/text';
import { formatCount } from './format/values';
import type { Output } from './output';

export type FinalEvent = Extract<RunEvent, { type: 'final' }>;

export function usageText(final: FinalEvent): string {
  const parts: string[] = [];
  if (final.usage?.inputTokens !== undefined)
    parts.push(`${formatCount(final.usage.inputTokens)} input`);
  if (final.usage?.outputTokens !== undefined)
    parts.push(`${formatCount(final.usage.outputTokens)} output`);
  return parts.length === 0 ? '' : ` (tokens: ${parts.join(', ')})`;
}

export class FollowPrinter {
  /** The run's outcome, once the final event arrived. */
  final: FinalEvent | undefined;
  /** Set when the session expired while following: the CLI cannot sign in again by itself. */
  sessionExpired: string | undefined;
  private lastStatus: string | undefined;
  private wroteText = false;
  /** The last character written to stdout was not a line break. */
  private openLine = false;
  private reconnecting = false;
  /**
   * An error event not printed yet: when the final event that follows carries the same error
   * (a failed run reports it twice), it is printed once, as the outcome.
   */
  private pendingError: Extract<RunEvent, { type: 'error' }> | undefined;

  constructor(
    private readonly output: Output,
    private readonly json: boolean,
    private readonly runId: string,
  ) {}

  /** Takes one item of the follow; returns 'stop' when following must end here. */
  take(item: FollowItem): 'continue' | 'stop' {
    if (item.type === 'connection') return this.connection(item);
    const event = item.event;
    if (this.json) {
      // stdout carries every event; stderr keeps only connection trouble and the outcome.
      this.output.out(`${JSON.stringify(event)}\n`);
      if (event.type === 'final') this.final = event;
      return 'continue';
    }
    if (event.type !== 'final' && !(event.type === 'status' && isTerminalStatus(event.status))) {
      this.flushError();
    }
    switch (event.type) {
      case 'output':
        this.text(event.text);
        break;
      case 'status':
        if (event.status !== this.lastStatus && !isTerminalStatus(event.status)) {
          this.lastStatus = event.status;
          this.statusLine(`status: ${paintStatus(oneLine(event.status), this.output.errStyle)}`);
        }
        break;
      case 'error':
        this.pendingError = event;
        break;
      case 'final':
        this.final = event;
        break;
      case 'other':
        break;
    }
    return 'continue';
  }

  private connection(item: Extract<FollowItem, { type: 'connection' }>): 'continue' | 'stop' {
    if (item.state === 'retrying') {
      this.reconnecting = true;
      const wait = item.delayMs === undefined ? '' : ` in ${(item.delayMs / 1000).toFixed(1)} s`;
      const reason = item.reason === undefined ? '' : ` (${oneLine(item.reason)})`;
      this.statusLine(`connection lost${reason}; reconnecting${wait}, attempt ${item.attempt}`);
    } else if (item.state === 'open' && this.reconnecting) {
      this.reconnecting = false;
      this.statusLine('reconnected; resuming where the stream stopped');
    } else if (item.state === 'session_expired') {
      this.sessionExpired = item.reason ?? 'The session expired.';
      return 'stop';
    }
    return 'continue';
  }

  private text(text: string): void {
    if (text === '') return;
    // On a terminal, service text must not be able to drive it (escape sequences); piped
    // output is the run's text byte for byte.
    this.output.out(this.output.outIsTTY ? safeBlock(text) : text);
    this.wroteText = true;
    this.openLine = !text.endsWith('\n');
  }

  private flushError(): void {
    const error = this.pendingError;
    if (error === undefined) return;
    this.pendingError = undefined;
    this.statusLine(`run error: ${oneLine(error.message)} (code ${oneLine(error.code)})`);
  }

  /** A line on stderr; on a shared terminal, first end the text's unfinished line. */
  private statusLine(line: string): void {
    if (this.openLine && this.output.outIsTTY && this.output.errIsTTY) {
      this.output.err('\n');
      this.openLine = false;
    }
    this.output.errLine(line);
  }

  /**
   * After the last item: on a terminal, ends the text with a line break if it has none (so the
   * prompt does not stick to it); then prints the outcome. Returns whether the run succeeded.
   */
  finish(): { succeeded: boolean } | undefined {
    if (this.wroteText && this.openLine && this.output.outIsTTY && !this.json) {
      this.output.out('\n');
      this.openLine = false;
    }
    const final = this.final;
    const pending = this.pendingError;
    if (
      pending !== undefined &&
      final?.error?.code === pending.code &&
      final.error.message === pending.message
    ) {
      this.pendingError = undefined;
    }
    this.flushError();
    if (final === undefined) return undefined;
    const status = oneLine(final.status);
    const unsuccessful = isUnsuccessfulStatus(final.status);
    if (!this.json) {
      this.statusLine(`status: ${paintStatus(status, this.output.errStyle)}${usageText(final)}`);
    }
    if (unsuccessful) {
      const message =
        final.error !== undefined
          ? `${oneLine(final.error.message)} (code ${oneLine(final.error.code)}, run ${this.runId})`
          : `The run ended with status ${status}. (run ${this.runId})`;
      this.output.errLine(`${PROGRAM}: ${message}`);
    }
    return { succeeded: !unsuccessful };
  }

  /** Ends an unfinished text line on a terminal before an error or notice is printed. */
  endLine(): void {
    if (this.openLine && this.output.outIsTTY) {
      this.output.out('\n');
      this.openLine = false;
    }
  }
}

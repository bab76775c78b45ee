// Where everything the command prints goes: results on stdout, status lines and errors on
// stderr. Every write passes through here so the session token is cut out of all of it, a
// closed pipe (`assistant deals | head -1`) ends the command quietly instead of with EPIPE, and
// the last bytes are flushed before the process exits.
import { redactSecret } from '../core/redact';
import { colourWanted, createStyle, type Style } from './format/style';

/** The part of a Node writable stream we use; tests pass an in-memory one. */
export interface WritableLike {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface OutputOptions {
  stdout: WritableLike;
  stderr: WritableLike;
  env: Readonly<Record<string, string | undefined>>;
  noColor?: boolean;
}

function isBrokenPipe(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

export class Output {
  readonly outStyle: Style;
  readonly errStyle: Style;
  readonly outIsTTY: boolean;
  readonly errIsTTY: boolean;
  private readonly stdout: WritableLike;
  private readonly stderr: WritableLike;
  private readonly secrets = new Set<string>();
  private outClosed = false;
  private errClosed = false;
  private readonly closedListeners: Array<() => void> = [];

  constructor(options: OutputOptions) {
    this.stdout = options.stdout;
    this.stderr = options.stderr;
    this.outIsTTY = options.stdout.isTTY === true;
    this.errIsTTY = options.stderr.isTTY === true;
    const noColor = options.noColor === true;
    this.outStyle = createStyle(colourWanted(options.stdout.isTTY, options.env, noColor));
    this.errStyle = createStyle(colourWanted(options.stderr.isTTY, options.env, noColor));
    this.stdout.on('error', (error) => {
      if (!isBrokenPipe(error)) return;
      const first = !this.outClosed;
      this.outClosed = true;
      if (first) for (const listener of this.closedListeners) listener();
    });
    this.stderr.on('error', () => {
      this.errClosed = true;
    });
  }

  /** Text containing this value is never printed as is, from now on. */
  addSecret(secret: string | undefined): void {
    if (secret !== undefined && secret !== '') this.secrets.add(secret);
  }

  /** Whether the reader of stdout went away. */
  get stdoutClosed(): boolean {
    return this.outClosed;
  }

  /** Called once when stdout's reader goes away (EPIPE). */
  onStdoutClosed(listener: () => void): void {
    this.closedListeners.push(listener);
  }

  /** Terminal width for tables; undefined when stdout is not a terminal (never shorten). */
  get columns(): number | undefined {
    return this.outIsTTY && typeof this.stdout.columns === 'number' && this.stdout.columns > 0
      ? this.stdout.columns
      : undefined;
  }

  scrub(text: string): string {
    let result = text;
    for (const secret of this.secrets) result = redactSecret(result, secret);
    return result;
  }

  out(text: string): void {
    if (this.outClosed || text === '') return;
    try {
      this.stdout.write(this.scrub(text));
    } catch (error) {
      if (error instanceof Error && isBrokenPipe(error)) this.outClosed = true;
      else throw error;
    }
  }

  err(text: string): void {
    if (this.errClosed || text === '') return;
    try {
      this.stderr.write(this.scrub(text));
    } catch {
      this.errClosed = true;
    }
  }

  /** A whole line on stderr. */
  errLine(line: string): void {
    this.err(`${line}\n`);
  }

  /** Resolves once both streams have handed everything written so far to the OS. */
  flush(): Promise<void> {
    const drain = (stream: WritableLike, closed: boolean): Promise<void> =>
      closed
        ? Promise.resolve()
        : new Promise((resolve) => {
            try {
              stream.write('', () => resolve());
            } catch {
              resolve();
            }
          });
    return Promise.all([
      drain(this.stdout, this.outClosed),
      drain(this.stderr, this.errClosed),
    ]).then(() => undefined);
  }
}

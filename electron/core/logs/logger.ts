// A small host-neutral logger for core: one line per entry, redacted before it is written, to a
// size-rotated file in the user's data directory. The file transport is electron-log's Node entry
// (a well-kept library that needs no Electron), so the Electron app, browser mode and the CLI
// share one log format.
import { renameSync, rmSync } from 'node:fs';
import { dirname, parse, join } from 'node:path';
import electronLog from 'electron-log/node';
import {
  APPEND_NO_FOLLOW,
  PRIVATE_FILE_MODE,
  makePrivateDirSync,
  prepareAppendFileSync,
} from '../storage/private-files';
import { redact, SecretRegistry } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/**
 * Messages may be any value: libraries that are handed our logger (electron-updater) pass Error
 * objects, and a logger must never throw at its caller.
 */
export interface Logger {
  debug(message: unknown, fields?: LogFields): void;
  info(message: unknown, fields?: LogFields): void;
  warn(message: unknown, fields?: LogFields): void;
  error(message: unknown, fields?: LogFields): void;
  /** A logger whose entries carry `scope` (e.g. "session", "web"). */
  child(scope: string): Logger;
}

export interface LogEntry {
  at: string;
  level: LogLevel;
  scope: string | undefined;
  message: string;
  fields: LogFields | undefined;
}

export interface LoggerOptions {
  /** Where the log goes, e.g. `<dataDir>/logs/main.log`; none: no file. */
  filePath?: string;
  /** Rotate when the file grows past this (default 2 MB). */
  maxBytes?: number;
  /** Rotated files kept beside the current one (default 3: main.1.log … main.3.log). */
  keep?: number;
  /** Lowest level written (default info). */
  level?: LogLevel;
  /** Also print to stderr (development, browser mode). */
  console?: boolean;
  /** Secrets to scrub; shared with the host wrapper so both know the session token. */
  secrets?: SecretRegistry;
  /** Sees every redacted entry (diagnostics keeps the last errors; tests look at entries). */
  onEntry?: (entry: LogEntry) => void;
}

export interface RootLogger extends Logger {
  readonly secrets: SecretRegistry;
  readonly filePath: string | undefined;
  /**
   * Stops writing. Work still going when its owner shut down (a request finishing late, a
   * retry's timer) may log afterwards, when the data directory may already be gone: such entries
   * are dropped quietly, never an error about a missing file.
   */
  close(): void;
  /**
   * This logger for one owner's lifetime (the backend inside a host): same file and secrets,
   * but closing the view ends only that owner's writes.
   */
  view(): RootLogger;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
let instanceCount = 0;

export function createLogger(options: LoggerOptions = {}): RootLogger {
  const secrets = options.secrets ?? new SecretRegistry();
  const threshold = ORDER[options.level ?? 'info'];
  const keep = Math.max(1, options.keep ?? 3);
  const sink =
    options.filePath === undefined
      ? undefined
      : createFileSink(options.filePath, options.maxBytes ?? 2 * 1024 * 1024, keep);

  const write = (
    level: LogLevel,
    scope: string | undefined,
    value: unknown,
    fields?: LogFields,
  ) => {
    if (ORDER[level] < threshold) return;
    const message = messageText(value);
    const entry: LogEntry = {
      at: new Date().toISOString(),
      level,
      scope,
      message: secrets.scrub(message),
      fields:
        fields === undefined ? undefined : (redact(fields, secrets, { forLog: true }) as LogFields),
    };
    const line = `${scope ? `[${scope}] ` : ''}${entry.message}${entry.fields ? ` ${safeJson(entry.fields)}` : ''}`;
    sink?.[level](line);
    if (options.console) process.stderr.write(`${entry.at} ${level} ${line}\n`);
    try {
      options.onEntry?.(entry);
    } catch {
      // A listener's failure must not break logging.
    }
  };

  // Views made from the root write through it, so closing the root silences them all.
  return viewOf(write, secrets, options.filePath);
}

type WriteFn = (
  level: LogLevel,
  scope: string | undefined,
  message: unknown,
  fields?: LogFields,
) => void;

/** One line of text for any value handed to the logger as its message. */
function messageText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value === undefined) return '(no message)';
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A closable front for `write`: its children stop with it. */
function viewOf(write: WriteFn, secrets: SecretRegistry, filePath: string | undefined): RootLogger {
  let closed = false;
  const guarded: WriteFn = (...args) => {
    if (!closed) write(...args);
  };
  const make = (scope: string | undefined): Logger => ({
    debug: (message, fields) => guarded('debug', scope, message, fields),
    info: (message, fields) => guarded('info', scope, message, fields),
    warn: (message, fields) => guarded('warn', scope, message, fields),
    error: (message, fields) => guarded('error', scope, message, fields),
    child: (child) => make(scope ? `${scope}.${child}` : child),
  });
  return {
    ...make(undefined),
    secrets,
    filePath,
    close() {
      closed = true;
    },
    view: () => viewOf(guarded, secrets, filePath),
  };
}

/** A logger that writes nowhere (tests of modules that need one). */
export function createSilentLogger(): RootLogger {
  return createLogger({ level: 'error' });
}

type Sink = Record<LogLevel, (line: string) => void>;

function createFileSink(filePath: string, maxBytes: number, keep: number): Sink | undefined {
  // Our checks first: electron-log opens the file once itself following links, so a link
  // planted where the log goes must never reach it (the log then stays off, with a warning).
  try {
    makePrivateDirSync(dirname(filePath));
  } catch {
    // Reported below: preparing the file fails too.
  }
  if (!prepareAppendFileSync(filePath)) {
    process.stderr.write(
      `The log file ${filePath} is a symbolic link or cannot be created; it is not written.\n`,
    );
    return undefined;
  }
  const instance = electronLog.create({ logId: `assistant-${process.pid}-${++instanceCount}` });
  instance.transports.console.level = false;
  const file = instance.transports.file;
  file.level = 'silly';
  file.maxSize = maxBytes;
  file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  // Every write opens without following a link (one planted after the start is refused too).
  // electron-log types `flag` as a string, but hands writeOptions to fs.writeFileSync unchanged,
  // which takes numeric flags: the only way to ask for O_NOFOLLOW.
  file.writeOptions = {
    flag: APPEND_NO_FOLLOW as unknown as 'a',
    mode: PRIVATE_FILE_MODE,
    encoding: 'utf8',
  };
  file.resolvePathFn = () => filePath;
  // Numbered generations (main.1.log is the newest old one) instead of the library's single
  // main.old.log, so a burst of errors does not wipe the history IT asks for.
  file.archiveLogFn = (current) => {
    const path = current.toString();
    const { dir, name, ext } = parse(path);
    const generation = (n: number) => join(dir, `${name}.${n}${ext}`);
    rmSync(generation(keep), { force: true });
    for (let n = keep - 1; n >= 1; n -= 1) {
      try {
        renameSync(generation(n), generation(n + 1));
      } catch {
        // That generation does not exist yet.
      }
    }
    renameSync(path, generation(1));
  };
  return {
    debug: (line) => instance.debug(line),
    info: (line) => instance.info(line),
    warn: (line) => instance.warn(line),
    error: (line) => instance.error(line),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '"[unserialisable]"';
  }
}

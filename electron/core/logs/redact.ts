// What must never reach a log file, an error shown to the user or anything the renderer gets:
// the session token (wherever it hides: a cookie header, an error message, a URL), a user name
// and password written into an address (`https://user:pw@host`: settings refuse one, this is the
// second guard), and what the user or an agent wrote (message contents, output text). Redaction works on plain data, so the
// same rules serve the logger, the host wrapper and diagnostics.
import { SESSION_COOKIE } from '../api/config';

export const REDACTED = '[redacted]';

/** Keys whose values are credentials, whatever the nesting. Compared lowercase. */
const SECRET_KEYS = new Set([
  'token',
  'sessiontoken',
  'accesstoken',
  'access_token',
  SESSION_COOKIE,
  'cookie',
  'set-cookie',
  'authorization',
  'password',
  'demopassword',
  'secret',
]);

/** Keys whose values are what people or agents wrote; the log keeps only their length. */
const CONTENT_KEYS = new Set([
  'text',
  'textappended',
  'output',
  'outputtext',
  'content',
  'delta',
  'prompt',
  'transcript',
]);

const COOKIE_PAIR = new RegExp(`(${SESSION_COOKIE}\\s*=\\s*)[^;\\s,"']+`, 'gi');
const COOKIE_HEADER = /\b((?:set-)?cookie\s*:\s*)[^\r\n]*/gi;
const BEARER = /\b(bearer\s+)[\w.~+/=-]+/gi;
/** The user-info part of an address: `scheme://user:pw@` up to the host, never past a path. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+(?:@[^\s/?#@"'<>]*)*@/gi;

/** Known secret values to scrub from free text; held in memory only, for the process's life. */
export class SecretRegistry {
  private readonly values = new Set<string>();

  /** Remembers a secret so later text containing it is scrubbed (short values are ignored). */
  add(value: string | undefined): void {
    if (value !== undefined && value.length >= 6) this.values.add(value);
  }

  /** Replaces every known secret value in `text`. */
  scrubKnown(text: string): string {
    let out = text;
    for (const value of this.values) {
      if (out.includes(value)) out = out.split(value).join(REDACTED);
    }
    return out;
  }

  /**
   * Known secrets, and anything that looks like a session cookie, a credential header or a user
   * name and password in an address.
   */
  scrub(text: string): string {
    return this.scrubKnown(text)
      .replace(COOKIE_PAIR, `$1${REDACTED}`)
      .replace(COOKIE_HEADER, `$1${REDACTED}`)
      .replace(BEARER, `$1${REDACTED}`)
      .replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  }

  /** Whether `text` contains a known secret (used by tests and defence-in-depth checks). */
  contains(text: string): boolean {
    for (const value of this.values) if (text.includes(value)) return true;
    return false;
  }
}

export interface RedactOptions {
  /**
   * For logs: also drop credential-named keys, credential-looking text and message contents.
   * Without it only known secret values are scrubbed, and the data is otherwise left exactly as
   * it was (what the host wrapper sends the renderer: the user asked for that data).
   */
  forLog: boolean;
  maxDepth?: number;
}

/** A deep copy of `value` with secrets (and, for logs, contents) removed. */
export function redact(value: unknown, secrets: SecretRegistry, options: RedactOptions): unknown {
  const seen = new WeakSet<object>();
  const maxDepth = options.maxDepth ?? (options.forLog ? 8 : 256);
  const scrub = (text: string) => (options.forLog ? secrets.scrub(text) : secrets.scrubKnown(text));

  const walk = (
    current: unknown,
    key: string | undefined,
    parentKey: string | undefined,
    depth: number,
  ): unknown => {
    const lowerKey = key?.toLowerCase();
    if (options.forLog && lowerKey !== undefined) {
      if (SECRET_KEYS.has(lowerKey) && current !== undefined) return REDACTED;
      if (typeof current === 'string') {
        const isUserMessage = lowerKey === 'message' && parentKey?.toLowerCase() === 'input';
        if (isUserMessage || CONTENT_KEYS.has(lowerKey)) return `[${current.length} chars omitted]`;
      }
    }
    if (typeof current === 'string') return scrub(current);
    if (current === null || typeof current !== 'object') return current;
    if (seen.has(current)) return '[circular]';
    if (depth >= maxDepth) return '[nested too deep]';
    seen.add(current);
    if (current instanceof Error) return walk(serialiseError(current), key, parentKey, depth);
    if (Array.isArray(current)) return current.map((item) => walk(item, undefined, key, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [childKey, child] of Object.entries(current)) {
      out[childKey] = walk(child, childKey, key, depth + 1);
    }
    return out;
  };

  return walk(value, undefined, undefined, 0);
}

/** The fields of an error worth logging, as plain data (causes included, a few levels deep). */
export function serialiseError(error: Error, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  for (const field of ['kind', 'code', 'status', 'requestId', 'field', 'retryable'] as const) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = value;
  }
  if (error.stack) out.stack = error.stack;
  if (error.cause !== undefined && depth < 3) {
    out.cause =
      error.cause instanceof Error ? serialiseError(error.cause, depth + 1) : String(error.cause);
  }
  return out;
}

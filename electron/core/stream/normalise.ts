// Turns one server-sent event into normalised run events, by the fallbacks in vocabulary.ts.
// Stateless: the follower decides what a repeated status or a duplicate means.
import type { RunErrorInfo, RunEvent, RunUsage } from './events';
import type { SseMessage } from './sse-decoder';
import {
  DONE_FLAGS,
  DONE_SENTINELS,
  ERROR_EVENT_WORDS,
  FINAL_EVENT_NAMES,
  INPUT_TOKEN_KEYS,
  OUTPUT_EVENT_WORDS,
  OUTPUT_TEXT_PATHS,
  OUTPUT_TOKEN_KEYS,
  RUN_STATUS_EVENT_PATTERN,
  STATUS_EVENT_WORDS,
  STATUS_PATHS,
  USAGE_CONTAINERS,
  isTerminalStatus,
} from './vocabulary';

type JsonObject = Record<string, unknown>;

const finalNames: ReadonlySet<string> = new Set(FINAL_EVENT_NAMES);
const doneSentinels: ReadonlySet<string> = new Set(DONE_SENTINELS);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[key];
    } else {
      if (!isObject(current)) return undefined;
      current = current[key];
    }
  }
  return current;
}

function words(name: string): string[] {
  return name.toLowerCase().split(/[._:\-\s]+/);
}

function hasWord(name: string | undefined, list: readonly string[]): boolean {
  if (name === undefined) return false;
  return words(name).some((word) => list.includes(word));
}

/** The status a name like `run.completed` carries, or undefined. */
function statusFromName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const match = RUN_STATUS_EVENT_PATTERN.exec(name.toLowerCase());
  const status = match?.[1];
  return status !== undefined && isTerminalStatus(status) ? status : undefined;
}

function isFinalName(name: string | undefined): boolean {
  if (name === undefined) return false;
  return finalNames.has(name.toLowerCase()) || statusFromName(name) !== undefined;
}

/** What an event name says, worked out once per distinct name (names repeat on every event). */
interface NameClass {
  final: boolean;
  statusFromName: string | undefined;
  error: boolean;
  status: boolean;
  output: boolean;
}

const UNNAMED: NameClass = {
  final: false,
  statusFromName: undefined,
  error: false,
  status: false,
  output: true,
};
const nameClasses = new Map<string, NameClass>();
/** Bounds the cache against a server that invents a new name per event. */
const MAX_CACHED_NAMES = 512;

let lastName: string | undefined;
let lastClass: NameClass = UNNAMED;

function classify(name: string | undefined): NameClass {
  if (name === undefined) return UNNAMED;
  if (name === lastName) return lastClass;
  let found = nameClasses.get(name);
  if (found === undefined) {
    const fromName = statusFromName(name);
    found = {
      final: isFinalName(name),
      statusFromName: fromName,
      error: hasWord(name, ERROR_EVENT_WORDS),
      status: hasWord(name, STATUS_EVENT_WORDS),
      output: hasWord(name, OUTPUT_EVENT_WORDS),
    };
    if (nameClasses.size < MAX_CACHED_NAMES) nameClasses.set(name, found);
  }
  lastName = name;
  lastClass = found;
  return found;
}

function tokenCount(container: JsonObject, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = container[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/** Token counts under any of the usual keys, or undefined when there are none. */
export function extractUsage(payload: unknown): RunUsage | undefined {
  if (!isObject(payload)) return undefined;
  const candidates: JsonObject[] = [];
  for (const key of USAGE_CONTAINERS) {
    const nested = payload[key];
    if (isObject(nested)) candidates.push(nested);
  }
  for (const path of [
    ['response', 'usage'],
    ['run', 'usage'],
  ]) {
    const nested = at(payload, path);
    if (isObject(nested)) candidates.push(nested);
  }
  candidates.push(payload);
  for (const candidate of candidates) {
    const inputTokens = tokenCount(candidate, INPUT_TOKEN_KEYS);
    const outputTokens = tokenCount(candidate, OUTPUT_TOKEN_KEYS);
    if (inputTokens === undefined && outputTokens === undefined) continue;
    const usage: RunUsage = {};
    if (inputTokens !== undefined) usage.inputTokens = inputTokens;
    if (outputTokens !== undefined) usage.outputTokens = outputTokens;
    return usage;
  }
  return undefined;
}

/** The status string of a JSON payload (`status`, `state`, `run.status`…), if any. */
export function extractStatus(payload: unknown): string | undefined {
  if (isObject(payload) && payload.status === undefined && payload.state === undefined) {
    // The common case (a delta): no top-level status, so only the nested places remain.
    if (payload.run === undefined && payload.response === undefined) return undefined;
  }
  for (const path of STATUS_PATHS) {
    const value = at(payload, path);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/**
 * OUTPUT_TEXT_FIELDS, in that order, read with plain property accesses: this runs for every
 * token, and a loop over names is several times slower. A unit test keeps the two in step.
 */
function flatText(payload: JsonObject): string | undefined {
  const delta = payload.delta;
  if (typeof delta === 'string') return delta;
  const text = payload.text;
  if (typeof text === 'string') return text;
  const content = payload.content;
  if (typeof content === 'string') return content;
  const token = payload.token;
  if (typeof token === 'string') return token;
  const chunk = payload.chunk;
  if (typeof chunk === 'string') return chunk;
  return undefined;
}

function extractText(payload: JsonObject): string | undefined {
  const flat = flatText(payload);
  if (flat !== undefined) return flat;
  for (const path of OUTPUT_TEXT_PATHS) {
    const value = at(payload, path);
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function extractError(payload: JsonObject, fallbackMessage: string): RunErrorInfo | undefined {
  const error = payload.error;
  if (isObject(error)) {
    const code = error.code ?? error.type ?? payload.code;
    const message = error.message ?? payload.message;
    return {
      code: typeof code === 'string' ? code : 'error',
      message: typeof message === 'string' ? message : fallbackMessage,
    };
  }
  if (typeof error === 'string') {
    const code = payload.code;
    return { code: typeof code === 'string' ? code : 'error', message: error };
  }
  return undefined;
}

function withMeta<E extends RunEvent>(
  event: E,
  name: string | undefined,
  id: string | undefined,
): E {
  if (name !== undefined) event.name = name;
  if (id !== undefined) event.eventId = id;
  return event;
}

function other(message: SseMessage, name: string | undefined): RunEvent {
  const event: RunEvent = {
    type: 'other',
    name: name ?? message.event ?? 'message',
    data: message.data,
  };
  if (message.id !== undefined) event.eventId = message.id;
  return event;
}

const NOT_JSON = Symbol('not JSON');

function hasDoneFlag(payload: JsonObject): boolean {
  for (const flag of DONE_FLAGS) if (payload[flag] === true) return true;
  return false;
}

function parseJson(data: string): unknown {
  const first = data.charCodeAt(0);
  // Only objects, arrays and strings are read as JSON: a bare `42` or `true` is a word of text.
  if (first !== 123 /* { */ && first !== 91 /* [ */ && first !== 34 /* " */) return NOT_JSON;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * One SSE message → its normalised event, or two when a status arrives together with text or an
 * error. Returns a bare event in the common case: this runs once per token, and an array per
 * call is measurable garbage on a fast stream.
 */
export function normaliseMessage(message: SseMessage): RunEvent | RunEvent[] {
  const id = message.id;
  const payload = parseJson(message.data);
  if (payload === NOT_JSON || typeof payload === 'string') {
    return normalisePlain(message, typeof payload === 'string' ? payload : message.data);
  }
  if (!isObject(payload)) return other(message, undefined);

  const name =
    message.event ??
    (typeof payload.type === 'string' ? payload.type : undefined) ??
    (typeof payload.event === 'string' ? payload.event : undefined);
  const named = classify(name);
  // Fast path for the event that makes up nearly all of a stream: a plain text delta, with no
  // status, error or end marker anywhere a slower check below would look.
  if (
    !named.final &&
    !named.error &&
    payload.status === undefined &&
    payload.state === undefined &&
    payload.error === undefined &&
    payload.done === undefined &&
    payload.finished === undefined &&
    payload.run === undefined &&
    payload.response === undefined
  ) {
    const text = flatText(payload);
    if (text !== undefined && text !== '') {
      if (name !== undefined && id !== undefined) {
        return { type: 'output', text, name, eventId: id };
      }
      return withMeta({ type: 'output', text }, name, id);
    }
  }
  const status = extractStatus(payload);
  const doneFlag = hasDoneFlag(payload);

  // A terminal status alone (e.g. `event: status` / `{"status":"succeeded"}`) is reported as a
  // status: a final event with usage often follows it, and the follower ends the run from the
  // status only when none does (see follow.ts, DEFAULT_FINAL_GRACE_MS).
  if (named.final || doneFlag) {
    const error = extractError(payload, 'The run failed.');
    const finalStatus =
      (status !== undefined && isTerminalStatus(status) ? status : undefined) ??
      named.statusFromName ??
      (error !== undefined ? 'failed' : 'completed');
    const event: RunEvent = { type: 'final', status: finalStatus, source: 'stream' };
    const usage = extractUsage(payload);
    if (usage !== undefined) event.usage = usage;
    if (error !== undefined) event.error = error;
    return withMeta(event, name, id);
  }

  const error =
    payload.error == null ? undefined : extractError(payload, 'The service reported an error.');
  const text = extractText(payload);
  if (status !== undefined && error !== undefined && !named.error) {
    // A status change that explains itself (`{"status":"failed","error":{…}}`): keep both.
    return [
      withMeta({ type: 'status', status }, name, id),
      withMeta({ type: 'error', code: error.code, message: error.message }, name, id),
    ];
  }
  if (named.error || (error !== undefined && text === undefined)) {
    const info = error ?? {
      code: typeof payload.code === 'string' ? payload.code : 'error',
      message: typeof payload.message === 'string' ? payload.message : message.data,
    };
    return withMeta({ type: 'error', code: info.code, message: info.message }, name, id);
  }

  if (text !== undefined && text !== '') {
    const output = withMeta({ type: 'output', text }, name, id);
    // A status riding along with text (rare) is kept, before the text it precedes.
    if (status === undefined) return output;
    return [withMeta({ type: 'status', status }, name, id), output];
  }
  if (status !== undefined) return withMeta({ type: 'status', status }, name, id);
  return other(message, name);
}

/**
 * One SSE message → one normalised event, or (rarely) two: the array form of normaliseMessage.
 * An `output` event with empty text is reported as `other`, so a role-only chunk adds nothing
 * to the text and is not lost.
 */
export function normaliseEvent(message: SseMessage): RunEvent[] {
  const result = normaliseMessage(message);
  return Array.isArray(result) ? result : [result];
}

function normalisePlain(message: SseMessage, text: string): RunEvent {
  const name = message.event;
  const id = message.id;
  const named = classify(name);
  const trimmed = text.trim();
  if (doneSentinels.has(trimmed)) {
    return withMeta({ type: 'final', status: 'completed', source: 'stream' }, name, id);
  }
  if (named.final) {
    const status = isTerminalStatus(trimmed) ? trimmed : (named.statusFromName ?? 'completed');
    return withMeta({ type: 'final', status, source: 'stream' }, name, id);
  }
  if (named.error) return withMeta({ type: 'error', code: 'error', message: text }, name, id);
  if (named.status && trimmed !== '') {
    return withMeta({ type: 'status', status: trimmed }, name, id);
  }
  if (named.output && text !== '') return withMeta({ type: 'output', text }, name, id);
  return other(message, name);
}

// What a service's run record says, read by role: the question asked and the answer given, for
// runs this computer never followed (made yesterday, on another machine, by the command line).
// The API documents only `input.message` (spec §2.3) and leaves the rest of the record open, so
// the answer is an output-like key in any case convention, holding text, an object with text, or
// a list of parts (as chat APIs return them). Shared by the screens and core's run search, so a
// run is found by the same question it is shown with.
import { visibleText } from '../text/visible-text';

/** Keys that hold a run's answer, most specific first; compared without case, `_` or `-`. */
const ANSWER_KEYS = [
  'output',
  'outputtext',
  'finaloutput',
  'answer',
  'result',
  'response',
  'completion',
  'content',
  'text',
];
/** Inside an answer object or part: where its text is. */
const TEXT_KEYS = ['text', 'content', 'markdown', 'value', 'message', 'answer', 'output'];

const squash = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text `value` carries: itself, an object's text field, or a list's parts joined. */
function textOf(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (depth > 3) return undefined;
  if (Array.isArray(value)) {
    const parts = value.map((part) => textOf(part, depth + 1)).filter((part) => part !== undefined);
    return parts.length > 0 ? parts.join('\n\n') : undefined;
  }
  if (isObject(value)) return fieldText(value, TEXT_KEYS, depth + 1);
  return undefined;
}

function fieldText(
  record: Record<string, unknown>,
  keys: readonly string[],
  depth: number,
): string | undefined {
  const byKey = new Map(Object.entries(record).map(([key, value]) => [squash(key), value]));
  for (const key of keys) {
    const text = textOf(byKey.get(key), depth);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The run's answer as the service recorded it, or undefined when the record holds none. */
export function answerFromRecord(data: Record<string, unknown>): string | undefined {
  const direct = fieldText(data, ANSWER_KEYS, 0);
  if (direct !== undefined) return direct;
  // One usual wrapper deep (`run: { output }`, `data: { result }`).
  for (const wrapper of ['run', 'data', 'record', 'attributes']) {
    const inner = Object.entries(data).find(([key]) => squash(key) === wrapper)?.[1];
    if (isObject(inner)) {
      const text = fieldText(inner, ANSWER_KEYS, 1);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** Where a record may keep the question when not in `input.message` as the spec shows it. */
const QUESTION_KEYS = ['message', 'question', 'prompt', 'query'];

/** The question the run was asked, or undefined when the record does not say. */
export function questionFromRecord(data: Record<string, unknown>): string | undefined {
  const question = sentQuestion(data);
  // Shown and searched as itself: no bidi or control characters, its line breaks kept.
  return question === undefined ? undefined : visibleText(question, { lines: 'many' });
}

function sentQuestion(data: Record<string, unknown>): string | undefined {
  const input = Object.entries(data).find(([key]) => squash(key) === 'input')?.[1];
  if (typeof input === 'string' && input.trim() !== '') return input;
  if (isObject(input)) {
    const text = fieldText(input, QUESTION_KEYS, 1);
    if (text !== undefined) return text;
  }
  return fieldText(data, QUESTION_KEYS, 1);
}

/** The deal a run was asked about: `context.dealId` as the spec shows it, or a `dealId` beside it. */
export function dealIdFromRecord(data: Record<string, unknown>): string | undefined {
  const context = Object.entries(data).find(([key]) => squash(key) === 'context')?.[1];
  const candidates = [isObject(context) ? context : undefined, data];
  for (const record of candidates) {
    if (record === undefined) continue;
    const id = Object.entries(record).find(([key]) => squash(key) === 'dealid')?.[1];
    if (typeof id === 'string' && id.trim() !== '') return id;
  }
  return undefined;
}

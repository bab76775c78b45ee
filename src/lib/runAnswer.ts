// The answer inside a service's run record, for a run this computer never followed (made
// yesterday, on another machine, by the command line). The API leaves the record's fields open,
// so the answer is found by role: an output-like key in any case convention, holding text, an
// object with text, or a list of parts (as chat APIs return them).

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

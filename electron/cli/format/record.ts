// One record whose fields the API leaves "not shown" (a deal, a briefing, a run): its display
// title and subtitle first, then every other field as it came, readably: labels from the keys,
// short values beside them, long text, lists and nested objects indented below. Nothing is
// dropped, and nothing from the service reaches the terminal as a control sequence.
import {
  SUBTITLE_FALLBACKS,
  TITLE_FALLBACKS,
  type AnyObject,
  type ResourceRecord,
} from '../../core/api';
import { displayWidth, humaniseKey, oneLine, padEnd, safeBlock } from './text';
import type { Style } from './style';

const MAX_LABEL = 22;
const MAX_INLINE_LIST = 80;
const MAX_DEPTH = 6;

function isObject(value: unknown): value is AnyObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalarText(value: unknown): string | undefined {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return undefined;
}

/** The value on the label's line, or undefined when it needs lines of its own. */
function inlineValue(value: unknown): string | undefined {
  const scalar = scalarText(value);
  if (scalar !== undefined) return /[\r\n]/.test(scalar) ? undefined : oneLine(scalar);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const texts = value.map(scalarText);
    if (texts.some((t) => t === undefined || /[\r\n]/.test(t))) return undefined;
    const joined = texts.join(', ');
    return joined.length <= MAX_INLINE_LIST ? oneLine(joined) : undefined;
  }
  if (isObject(value) && Object.keys(value).length === 0) return '—';
  return undefined;
}

function blockLines(value: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [oneLine(JSON.stringify(value) ?? '')];
  const scalar = scalarText(value);
  if (scalar !== undefined) return safeBlock(scalar).split(/\r\n|\n|\r/);
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const lines = blockLines(item, depth + 1);
      return lines.map((line, i) => (i === 0 ? `- ${line}` : `  ${line}`));
    });
  }
  if (isObject(value)) return fieldLines(value, new Set(), depth + 1);
  return [oneLine(String(value))];
}

function fieldLines(object: AnyObject, skip: ReadonlySet<string>, depth: number): string[] {
  const entries = Object.entries(object).filter(([key]) => !skip.has(key));
  const inline = entries.map(([, value]) => inlineValue(value));
  const labels = entries.map(([key]) => humaniseKey(key));
  const width = Math.min(
    MAX_LABEL,
    Math.max(0, ...labels.filter((_, i) => inline[i] !== undefined).map(displayWidth)),
  );
  const lines: string[] = [];
  entries.forEach(([, value], i) => {
    const label = labels[i] ?? '';
    const text = inline[i];
    if (text !== undefined) {
      lines.push(`${padEnd(label, width)}  ${text}`);
      return;
    }
    lines.push(label);
    for (const line of blockLines(value, depth)) lines.push(line === '' ? '' : `  ${line}`);
  });
  return lines;
}

/**
 * The key whose value display.ts picked for a hint (it shortens hints, so compare the start) and
 * that value in full; undefined when the hint came from elsewhere (a nested object, the id).
 */
function hintSource(
  data: AnyObject,
  hint: string | undefined,
  keys: readonly string[],
): { key: string; text: string } | undefined {
  if (hint === undefined) return undefined;
  for (const key of keys) {
    const value = data[key];
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (text !== '' && text.startsWith(hint)) return { key, text };
  }
  return undefined;
}

export interface RecordView {
  style: Style;
  /** Replaces the display title (e.g. "Run 3f2…"); the title's field is then listed. */
  heading?: string;
  /** Print no subtitle line (its field stays among the fields). */
  noSubtitle?: boolean;
  /** Fields not to list (e.g. the id already in the heading). */
  skip?: readonly string[];
}

export function renderRecord(record: ResourceRecord, view: RecordView): string {
  const { title, subtitle } = record.display;
  const skip = new Set<string>(view.skip);
  let heading = view.heading;
  if (heading === undefined) {
    const source = hintSource(record.data, title, TITLE_FALLBACKS);
    if (source !== undefined) skip.add(source.key);
    heading = source?.text ?? title;
  }
  const subtitleSource =
    view.noSubtitle === true ? undefined : hintSource(record.data, subtitle, SUBTITLE_FALLBACKS);
  if (subtitleSource !== undefined) skip.add(subtitleSource.key);
  const subtitleText = view.noSubtitle === true ? undefined : (subtitleSource?.text ?? subtitle);

  const lines = [view.style.bold(oneLine(heading))];
  if (subtitleText !== undefined) lines.push(...safeBlock(subtitleText).split(/\r\n|\n|\r/));
  const fields = fieldLines(record.data, skip, 0);
  if (fields.length > 0) lines.push('', ...fields);
  return `${lines.join('\n')}\n`;
}

/** Just the fields of a plain object (no title), e.g. for the rest of the metadata. */
export function renderFields(object: AnyObject): string {
  const lines = fieldLines(object, new Set(), 0);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

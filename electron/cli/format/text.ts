// Text that goes to a terminal: how wide it is on screen, how to pad and shorten it, and how to
// make text from the service harmless. Service text is data, never terminal commands: an escape
// sequence in a deal name must not recolour, move the cursor or retitle the user's terminal. The
// sanitiser is the app's own (domain/text/visible-text.ts); here what it removes shows as U+FFFD,
// so the user sees that something was there.

import { visibleText } from '../../domain/text/visible-text';

const REPLACEMENT = '\uFFFD';

/** One line of service text: line breaks and tabs become spaces, controls and bidi controls U+FFFD. */
export function oneLine(text: string): string {
  return visibleText(text, { lines: 'one', replacement: REPLACEMENT });
}

/** Several lines of service text: line breaks (as LF) and tabs kept, other controls replaced. */
export function safeBlock(text: string): string {
  return visibleText(text, { lines: 'many', replacement: REPLACEMENT });
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200f\ufeff]$/u;

/** Columns a (single-line, unstyled) string takes: CJK counts two, combining marks none. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (ZERO_WIDTH.test(char)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

/** Shortens to at most `max` columns, ending with "…" when something was cut. */
export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  if (max <= 1) return max === 1 ? '…' : '';
  let width = 0;
  let result = '';
  for (const char of text) {
    const w = ZERO_WIDTH.test(char) ? 0 : isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
    if (width + w > max - 1) break;
    result += char;
    width += w;
  }
  return `${result}…`;
}

export function padEnd(text: string, width: number): string {
  const gap = width - displayWidth(text);
  return gap > 0 ? text + ' '.repeat(gap) : text;
}

export function padStart(text: string, width: number): string {
  const gap = width - displayWidth(text);
  return gap > 0 ? ' '.repeat(gap) + text : text;
}

/** `closeDate` → "Close date", `total_count` → "Total count": record keys as labels. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  if (words === '') return key;
  return oneLine(words.charAt(0).toUpperCase() + words.slice(1));
}

/** Indents every line of `text` by `prefix`. */
export function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

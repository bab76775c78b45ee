// Text from the service shown as itself. A name, title or question is data: it must not reorder
// what surrounds it or pretend to be something else. `Mallory \u202Enimda` would otherwise show as
// "Mallory admin" (a right-to-left override), and an escape sequence in a deal name would
// recolour or retitle a terminal. One sanitiser for every place service text is shown: the
// renderer's names and titles, core's notifications and tray labels, the command line.
//
// Removed: the Unicode Bidi_Control characters (U+061C, U+200E, U+200F, U+202A-U+202E,
// U+2066-U+2069: embeddings, overrides, isolates and the marks, all invisible) and the C0 and C1
// control characters with DEL. Line breaks (CR, LF, CRLF, U+2028, U+2029) and tabs become a space
// in one line of text and stay in text of several lines (as LF, tabs kept). Every other character,
// joiners and variation selectors included, is kept in order, so names in any script read as sent.
// The page isolates each service string as well (`unicode-bidi: isolate`, src/styles), so even
// text that keeps its natural direction cannot reorder the words around it.

// Unicode property escapes name the classes; no control character is written out here.
const BIDI_CONTROL = /\p{Bidi_Control}/gu;
const CONTROL = /\p{Cc}/gu;
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;
const LINE_BREAK_OR_TAB = /\r\n|[\r\n\t\u2028\u2029]/g;
const CONTROL_BUT_TAB_OR_LF = /(?![\t\n])\p{Cc}/gu;

export interface VisibleTextOptions {
  /**
   * `one` (titles, names, labels): line breaks and tabs become spaces. `many` (a question, a
   * notification body shown on several lines): line breaks become LF and tabs stay.
   */
  lines?: 'one' | 'many';
  /**
   * What a removed character becomes: nothing by default; the command line passes U+FFFD so a
   * terminal user sees that something was there.
   */
  replacement?: string;
}

/** Service text with no bidi control and no control character but those `lines` allows. */
export function visibleText(text: string, options: VisibleTextOptions = {}): string {
  const replacement = options.replacement ?? '';
  if (options.lines === 'many') {
    return text
      .replace(LINE_BREAK, '\n')
      .replace(BIDI_CONTROL, replacement)
      .replace(CONTROL_BUT_TAB_OR_LF, replacement);
  }
  return text
    .replace(LINE_BREAK_OR_TAB, ' ')
    .replace(BIDI_CONTROL, replacement)
    .replace(CONTROL, replacement);
}

/** One line of service text (a name, a title, a label): see visibleText. */
export function visibleLine(text: string): string {
  return visibleText(text, { lines: 'one' });
}

/** The same for a value that may be missing, as service records often are. */
export function visibleLineOf(text: string | undefined): string | undefined {
  return text === undefined ? undefined : visibleLine(text);
}

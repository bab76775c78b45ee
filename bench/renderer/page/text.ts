// Shared by the page probe and the Node side, so both read the streamed text the same way.

/**
 * What a piece of the answer looks like once rendered, whatever renders it: whitespace and the
 * markdown syntax characters the demo's long answers use (headings, list markers, emphasis,
 * tables, quotes, code fences) are dropped, so raw text and rendered markdown compare equal.
 */
export function normaliseText(text: string): string {
  return text.replace(/[\s\-#*>|`]/g, '');
}

/**
 * The demo's long answers continue with sections headed `## Detail <n>`, n = 1, 2, 3…; the
 * number arrives as one token, so the first time `Detail <n>` shows, section n has arrived.
 * These headings are the markers whose write and paint times are compared.
 */
export const MARKER_IN_RENDERED_TEXT = /Detail\s*(\d+)/g;

/** In the raw stream: the text so far ends with a marker heading's number. */
export const MARKER_AT_END_OF_STREAM = /## Detail (\d+)$/;

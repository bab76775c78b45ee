// Notices are one short line each: native notifications truncate long text anyway, so the app
// cuts it itself where the cut stays readable. Shared by core (when it raises a notice and when
// the OS shows it) and the renderer (when it formats one in the reader's language).

/** The longest body a notice shows. */
export const MAX_BODY_CHARS = 180;
/** The longest title a notice shows. */
export const MAX_TITLE_CHARS = 80;

/**
 * One line of plain text, at most `max` characters. Briefings are often markdown; a notification
 * shows it raw, so emphasis and heading marks are dropped.
 */
export function clip(text: string, max = MAX_BODY_CHARS): string {
  const flat = text
    .replace(/(\*\*|__|`)/g, '')
    .replace(/^#+\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

// The one way to accept an Electronegativity finding above LOW: a comment beside the code,
//
//   // electronegativity-justified: CHECK_ID — why this is safe here
//
// on the reported line itself or in the comment block directly above it (continuation lines
// may carry on the reason). The reason must say something: at least a few words.

const MARKER = /electronegativity-justified:\s*([A-Z0-9_]+)\s*(?:—|–|-{1,2}|:)\s*(.*)$/;
const MIN_REASON_LENGTH = 12;

export interface Justification {
  checkId: string;
  reason: string;
}

function justificationsOnLine(line: string): Justification[] {
  const match = MARKER.exec(line);
  if (!match) return [];
  const [, checkId = '', reason = ''] = match;
  return [{ checkId, reason: reason.trim() }];
}

/**
 * The justifications that apply to `lineNumber` (1-based) of `source`: a trailing comment on the
 * line, or the contiguous `//` comment lines immediately above it.
 */
export function justificationsFor(source: string, lineNumber: number): Justification[] {
  const lines = source.split(/\r?\n/);
  const found: Justification[] = [];
  const own = lines[lineNumber - 1];
  if (own === undefined) return found;
  const trailing = own.indexOf('//');
  if (trailing >= 0) found.push(...justificationsOnLine(own.slice(trailing)));
  for (let index = lineNumber - 2; index >= 0; index -= 1) {
    const line = (lines[index] ?? '').trim();
    if (!line.startsWith('//')) break;
    found.push(...justificationsOnLine(line));
  }
  return found;
}

export function isJustified(source: string, lineNumber: number, checkId: string): boolean {
  return justificationsFor(source, lineNumber).some(
    (j) => j.checkId === checkId && j.reason.length >= MIN_REASON_LENGTH,
  );
}

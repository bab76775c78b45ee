// A validation issue in words a salesperson reads: "At most 240." rather than zod's own
// "Too big: expected number to be <=240". A schema's own message (already written for people,
// like "Enter an https:// address.") is kept as it is.
import type { z } from 'zod';

const ZOD_DEFAULT = /^(Too big|Too small|Invalid input|Invalid|Expected|Unrecognized)/;

function count(n: number | bigint, unit: string): string {
  return `${String(n)} ${unit}${Number(n) === 1 ? '' : 's'}`;
}

export function humanIssue(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${count(issue.maximum, 'character')}.`;
      if (issue.origin === 'array') return `Choose at most ${count(issue.maximum, 'item')}.`;
      return `Enter ${String(issue.maximum)} or less.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'This cannot be empty.'
          : `Use at least ${count(issue.minimum, 'character')}.`;
      }
      if (issue.origin === 'array') return `Choose at least ${count(issue.minimum, 'item')}.`;
      return `Enter ${String(issue.minimum)} or more.`;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'Enter a whole number.'
        : 'This value is not valid here.';
    case 'invalid_format':
      return issue.format === 'url' ? 'Enter a web address (https://…).' : 'Check the format.';
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'unrecognized_keys':
      return 'This setting is not known.';
    default:
      return 'This value is not valid here.';
  }
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanIssue } from '../../../../src/lib/fieldErrors';
import { englishT as t } from '../../../support/translators';

function issueOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  const [issue] = parsed.error.issues;
  if (!issue) throw new Error('no issue');
  return humanIssue(issue, t);
}

describe('humanIssue', () => {
  it('says limits in plain words instead of zod’s defaults', () => {
    expect(issueOf(z.number().int().max(240), 300)).toBe('Enter 240 or less.');
    expect(issueOf(z.number().min(1), 0)).toBe('Enter 1 or more.');
    expect(issueOf(z.number(), 'ten')).toBe('Enter a whole number.');
    expect(issueOf(z.string().min(1), '')).toBe('This cannot be empty.');
    expect(issueOf(z.string().max(3), 'abcd')).toBe('Use at most 3 characters.');
  });

  it('keeps a message the schema wrote for people', () => {
    expect(
      issueOf(z.string().startsWith('https://', 'Enter an https:// address.'), 'http://x'),
    ).toBe('Enter an https:// address.');
  });
});

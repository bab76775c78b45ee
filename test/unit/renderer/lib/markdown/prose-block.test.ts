import { describe, expect, it } from 'vitest';
import {
  emailDraftIn,
  isEmailDraft,
  isProseBlock,
} from '../../../../../src/lib/markdown/proseBlock';

const draft =
  'Subject: Next steps\n\nHi Ana,\n\nthank you for your time this week.\n\nBest regards,\nAlex';

describe('isProseBlock', () => {
  it('reads an email draft or a message in a text fence as prose', () => {
    expect(isProseBlock('text', draft)).toBe(true);
    expect(isProseBlock('', 'We met on Tuesday and agreed on a pilot.')).toBe(true);
  });

  it('leaves code, JSON and other languages as code', () => {
    expect(isProseBlock('json', '{\n  "stage": "proposal"\n}')).toBe(false);
    expect(isProseBlock('', '{\n  "stage": "proposal",\n  "amount": 3\n}')).toBe(false);
    expect(isProseBlock('ts', 'const a = 1;')).toBe(false);
    expect(isProseBlock('text', 'function f() {\n  return 1;\n}')).toBe(false);
  });
});

describe('isEmailDraft', () => {
  it('knows a draft by its subject line or its greeting', () => {
    expect(isEmailDraft(draft)).toBe(true);
    expect(isEmailDraft('Dear Ms Lee,\n\nthank you.')).toBe(true);
    expect(isEmailDraft('We met on Tuesday.')).toBe(false);
  });
});

describe('emailDraftIn', () => {
  it('finds the email fenced in an answer, for the bar’s "Copy the email"', () => {
    const answer = [
      '## Subject lines',
      '',
      '| Tone | Subject |',
      '',
      '```ts',
      'const x = 1;',
      '```',
      '',
      '## Draft',
      '',
      '```text',
      'Subject: Next steps for Acme',
      '',
      'Hi Jo,',
      '',
      'thank you for your time this week.',
      '```',
    ].join('\n');
    expect(emailDraftIn(answer)).toBe(
      'Subject: Next steps for Acme\n\nHi Jo,\n\nthank you for your time this week.',
    );
  });

  it('finds none in an answer without a draft, or with only code', () => {
    expect(emailDraftIn('Plain answer.\n\n```ts\nconst x = 1;\n```')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_DEEP_LINK_LENGTH,
  formatDeepLink,
  parseDeepLink,
  type DeepLinkRefusal,
} from '../../../../electron/core/deeplinks';

const DEAL = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';

describe('parseDeepLink: links the app opens', () => {
  it.each([
    [`assistant://deal/${DEAL}`, { screen: 'deal', id: DEAL }],
    [`assistant://deal/${DEAL.toUpperCase()}`, { screen: 'deal', id: DEAL.toUpperCase() }],
    ['assistant://run/run_01HZX-abc', { screen: 'run', id: 'run_01HZX-abc' }],
    ['assistant://run/7', { screen: 'run', id: '7' }],
    [`assistant://run/${'a'.repeat(128)}`, { screen: 'run', id: 'a'.repeat(128) }],
    // Windows and some browsers add one trailing slash to custom-scheme links.
    [`assistant://deal/${DEAL}/`, { screen: 'deal', id: DEAL }],
    // Schemes and these host-like names are case-insensitive in practice.
    [`ASSISTANT://Deal/${DEAL}`, { screen: 'deal', id: DEAL }],
  ])('%s opens %o', (raw, link) => {
    expect(parseDeepLink(raw)).toEqual({ ok: true, link });
  });

  it('formats a parsed link back to its canonical text', () => {
    const parsed = parseDeepLink(`assistant://run/abc-1/`);
    expect(parsed.ok && formatDeepLink(parsed.link)).toBe('assistant://run/abc-1');
  });
});

describe('parseDeepLink: hostile or malformed links are refused with a reason', () => {
  const cases: Array<[string, unknown, DeepLinkRefusal]> = [
    ['not a string', 42, 'not_text'],
    ['undefined', undefined, 'not_text'],
    ['overlong input', `assistant://run/${'a'.repeat(MAX_DEEP_LINK_LENGTH)}`, 'too_long'],
    ['another scheme', `https://deal/${DEAL}`, 'wrong_scheme'],
    ['a look-alike scheme', `assistant2://deal/${DEAL}`, 'wrong_scheme'],
    ['javascript scheme', 'javascript:alert(1)', 'wrong_scheme'],
    ['file scheme', 'file:///etc/passwd', 'wrong_scheme'],
    ['no slashes after the scheme', `assistant:deal/${DEAL}`, 'wrong_scheme'],
    ['an empty host', `assistant:///deal/${DEAL}`, 'unknown_screen'],
    ['an unknown screen', 'assistant://settings/x', 'unknown_screen'],
    ['no screen at all', 'assistant://', 'unknown_screen'],
    ['an extra path segment', `assistant://deal/${DEAL}/edit`, 'bad_path'],
    ['a doubled slash', `assistant://deal//${DEAL}`, 'bad_path'],
    ['no id', 'assistant://run/', 'bad_path'],
    ['dot segments', 'assistant://run/../deal/x', 'bad_path'],
    ['a single dot segment', 'assistant://run/./x', 'bad_path'],
    ['an encoded slash', 'assistant://run/a%2Fb', 'encoded_characters'],
    ['encoded dots', 'assistant://run/%2e%2e', 'encoded_characters'],
    ['a double-encoded slash', 'assistant://run/a%252Fb', 'encoded_characters'],
    ['a backslash', 'assistant://run/a\\b', 'encoded_characters'],
    ['a query', `assistant://deal/${DEAL}?next=https://evil.example`, 'query_or_fragment'],
    ['a query in place of the id', 'assistant://deal?id=1', 'query_or_fragment'],
    ['a fragment', 'assistant://run/abc#x', 'query_or_fragment'],
    ['credentials', `assistant://user:pass@deal/${DEAL}`, 'credentials'],
    ['a bare user', `assistant://evil@deal/${DEAL}`, 'credentials'],
    ['a port', `assistant://deal:443/${DEAL}`, 'credentials'],
    ['a newline', `assistant://deal/${DEAL}\n--inspect`, 'bad_characters'],
    ['a NUL byte', 'assistant://run/abc\u0000', 'bad_characters'],
    ['a space (argument injection)', 'assistant://run/abc --no-sandbox', 'bad_characters'],
    ['a tab', 'assistant://run/\tabc', 'bad_characters'],
    ['a bidi override', 'assistant://run/abc\u202e', 'bad_characters'],
    ['a Unicode look-alike', 'assistant://run/аbc', 'bad_characters'],
    ['a quote', 'assistant://run/a"b', 'bad_id'],
    ['a deal id that is not a UUID', 'assistant://deal/12345', 'bad_id'],
    ['a deal UUID with junk', `assistant://deal/${DEAL}x`, 'bad_id'],
    ['a run id with dots', 'assistant://run/a.b', 'bad_id'],
    ['a run id of 129 characters', `assistant://run/${'a'.repeat(129)}`, 'bad_id'],
  ];

  it.each(cases)('%s', (_name, raw, refusal) => {
    const result = parseDeepLink(raw);
    expect(result).toMatchObject({ ok: false, refusal });
    expect(result.ok ? '' : result.message).not.toBe('');
  });

  it('never accepts a link whose id could leave its path segment', () => {
    // Mostly id characters, salted with everything that could break out of the segment.
    const unit = fc.constantFrom(...'aZ09_-/.%?#@:\\ '.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 140 }), (tail) => {
        const result = parseDeepLink(`assistant://run/${tail}`);
        if (result.ok) {
          expect(result.link.id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
          expect(formatDeepLink(result.link)).toBe(`assistant://run/${tail.replace(/\/$/, '')}`);
        }
      }),
    );
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.anything()), (raw) => {
        expect(() => parseDeepLink(raw)).not.toThrow();
      }),
    );
  });
});

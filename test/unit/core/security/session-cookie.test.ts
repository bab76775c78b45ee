import { describe, expect, it } from 'vitest';
import { domainMatches, sessionTokenFrom } from '../../../../electron/core/security/session-cookie';

const service = 'https://assistant.example.com/api/v1/sales';

describe('spotting the session cookie in the sign-in window', () => {
  it('takes sb-access-token set for the service host', () => {
    expect(
      sessionTokenFrom(
        { name: 'sb-access-token', value: 'abc.def-123', domain: 'assistant.example.com' },
        service,
      ),
    ).toBe('abc.def-123');
    expect(
      sessionTokenFrom({ name: 'sb-access-token', value: 'tok', domain: '.example.com' }, service),
    ).toBe('tok');
  });

  it('works for the demo service on loopback', () => {
    expect(
      sessionTokenFrom(
        { name: 'sb-access-token', value: 'demo', domain: '127.0.0.1' },
        'http://127.0.0.1:4010/api/v1/demo',
      ),
    ).toBe('demo');
  });

  it('ignores other cookies, other hosts and values that are not cookie values', () => {
    expect(
      sessionTokenFrom({ name: 'session', value: 'x', domain: 'assistant.example.com' }, service),
    ).toBeUndefined();
    expect(
      sessionTokenFrom({ name: 'sb-access-token', value: 'x', domain: 'idp.example.net' }, service),
    ).toBeUndefined();
    expect(
      sessionTokenFrom(
        { name: 'sb-access-token', value: 'x', domain: 'evil-example.com' },
        service,
      ),
    ).toBeUndefined();
    expect(sessionTokenFrom({ name: 'sb-access-token', value: 'x' }, service)).toBeUndefined();
    expect(
      sessionTokenFrom(
        { name: 'sb-access-token', value: 'a b', domain: 'assistant.example.com' },
        service,
      ),
    ).toBeUndefined();
    expect(
      sessionTokenFrom(
        { name: 'sb-access-token', value: '', domain: 'assistant.example.com' },
        service,
      ),
    ).toBeUndefined();
    expect(
      sessionTokenFrom(
        { name: 'sb-access-token', value: 'x', domain: 'assistant.example.com' },
        'not a url',
      ),
    ).toBeUndefined();
  });

  it('matches domains the way browsers send cookies', () => {
    expect(domainMatches('a.example.com', 'example.com')).toBe(true);
    expect(domainMatches('example.com', '.example.com')).toBe(true);
    expect(domainMatches('badexample.com', 'example.com')).toBe(false);
    expect(domainMatches('example.com', 'a.example.com')).toBe(false);
    expect(domainMatches('example.com', '.')).toBe(false);
  });
});

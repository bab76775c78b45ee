import { describe, expect, it } from 'vitest';
import { isTrustedOrigin, originOf } from '../../../../electron/core/host';

describe('isTrustedOrigin', () => {
  const allowed = ['http://127.0.0.1:5180'];

  it('accepts a URL on an allowed origin', () => {
    expect(isTrustedOrigin('http://127.0.0.1:5180/index.html#/deals', allowed)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:5181/',
    'https://127.0.0.1:5180/',
    'http://127.0.0.1:5180.evil.example/',
    'http://evil.example/?http://127.0.0.1:5180',
    'file:///index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isTrustedOrigin(url, allowed)).toBe(false);
  });

  it('refuses a missing URL and opaque origins', () => {
    expect(isTrustedOrigin(undefined, allowed)).toBe(false);
    expect(originOf('data:text/html,hi')).toBeUndefined();
  });
});

// Which errors the panel says in its own words, with the way forward, rather than the app's.
import { describe, expect, it } from 'vitest';
import { errorWords } from '../../../extension/src/panel/errorWords';

const error = (fields: { code: string; kind?: string }) => ({
  message: 'words of the app',
  retryable: false,
  ...fields,
});

describe('errors in the panel', () => {
  it('sends a signed-out user to sign in in the app', () => {
    expect(errorWords(error({ code: 'not_signed_in', kind: 'unauthorized' }))).toBe(
      'panel.error.signIn',
    );
  });

  it('says the service is out of reach on a network failure or a timeout', () => {
    expect(errorWords(error({ code: 'network', kind: 'network' }))).toBe('panel.error.unreachable');
    expect(errorWords(error({ code: 'timeout', kind: 'timeout' }))).toBe('panel.error.unreachable');
  });

  it('says the connection to the app ended for a call that never reached it', () => {
    expect(errorWords(error({ code: 'companion_disconnected' }))).toBe('panel.error.disconnected');
    expect(errorWords(error({ code: 'companion_not_connected' }))).toBe('panel.error.disconnected');
  });

  it('leaves the app’s own words for the rest (a quota, a service error)', () => {
    expect(errorWords(error({ code: 'quota_exceeded', kind: 'quota' }))).toBeNull();
  });
});

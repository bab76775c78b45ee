import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildRequestHeaders,
  credentialFor,
  defaultUserAgent,
} from '../../../../electron/core/api/headers';
import { normaliseBaseUrl, pathSegment, resolveUrl } from '../../../../electron/core/api/url';
import { runStreamUrl } from '../../../../electron/core/api/client';
import { sessionFor } from '../../../../electron/core/api/config';

const base = 'https://api.example.com/api/v1/assistant';

describe('resolveUrl', () => {
  it('uses the base itself for metadata and appends paths without double slashes', () => {
    expect(resolveUrl({ baseUrl: base }, '').href).toBe(base);
    expect(resolveUrl({ baseUrl: `${base}//` }, '/runs').href).toBe(`${base}/runs`);
    expect(
      resolveUrl({ baseUrl: base }, '/deals', { search: 'a&b c', limit: 5, offset: undefined })
        .href,
    ).toBe(`${base}/deals?search=a%26b+c&limit=5`);
  });

  it('refuses a base that is not an http(s) URL without query or credentials', () => {
    for (const bad of ['', 'example.com', 'ftp://x/y', `${base}?a=1`, 'https://u:p@x/api']) {
      expect(() => normaliseBaseUrl(bad)).toThrowError(
        expect.objectContaining({ kind: 'invalid_input', field: 'baseUrl' }) as Error,
      );
    }
  });
});

describe('pathSegment', () => {
  it('keeps any id inside its own segment', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && s !== '.' && s !== '..'),
        (id) => {
          const url = resolveUrl({ baseUrl: base }, `/runs/${pathSegment(id, 'runId')}`);
          expect(url.pathname.startsWith('/api/v1/assistant/runs/')).toBe(true);
          expect(decodeURIComponent(url.pathname.slice('/api/v1/assistant/runs/'.length))).toBe(id);
        },
      ),
    );
  });

  it('refuses empty and dot-segment ids', () => {
    for (const id of ['', ' ', '.', '..']) {
      expect(() => pathSegment(id, 'runId')).toThrowError(
        expect.objectContaining({ kind: 'invalid_input', field: 'runId' }) as Error,
      );
    }
  });

  it('builds the stream URL', () => {
    expect(runStreamUrl({ baseUrl: base }, 'run/1').href).toBe(`${base}/runs/run%2F1/stream`);
  });
});

describe('buildRequestHeaders', () => {
  const token = 'tok_abc.123';

  it('sends the session cookie, JSON Accept and a User-Agent with name and version', () => {
    const headers = buildRequestHeaders({ token });
    expect(headers['cookie']).toBe('sb-access-token=tok_abc.123');
    expect(headers['accept']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/^AssistantDesktop\/\d+\.\d+\.\d+ \(/);
    expect(defaultUserAgent('electron 45', '1.2.3')).toMatch(
      /^AssistantDesktop\/1\.2\.3 \(\w+; electron 45\)$/,
    );
  });

  it('lets extra headers add or replace Accept but never the cookie', () => {
    const headers = buildRequestHeaders(
      { token, userAgent: 'X/1' },
      { Accept: 'text/event-stream', cookie: 'evil=1', 'Last-Event-ID': '7' },
    );
    expect(headers['accept']).toBe('text/event-stream');
    expect(headers['cookie']).toBe('sb-access-token=tok_abc.123');
    expect(headers['last-event-id']).toBe('7');
    expect(headers['user-agent']).toBe('X/1');
  });
});

describe('credentialFor', () => {
  const service = new URL(`${base}/agents`);

  it("gives the session only to requests for its own service's origin", () => {
    const session = sessionFor(base, 'tok_abc.123');
    expect(credentialFor({ session }, service)).toEqual({
      origin: new URL(base).origin,
      token: 'tok_abc.123',
    });
    for (const other of [
      'https://evil.example.com/api/v1/assistant/agents',
      'http://api.example.com/api/v1/assistant/agents',
      'https://api.example.com:8443/api/v1/assistant/agents',
    ]) {
      expect(() => credentialFor({ session }, new URL(other))).toThrowError(
        expect.objectContaining({ kind: 'unauthorized', code: 'not_signed_in' }) as Error,
      );
    }
  });

  it('refuses to send without a session, or with a value that is not a cookie, without echoing it', () => {
    expect(() => credentialFor({ session: sessionFor(base, undefined) }, service)).toThrowError(
      expect.objectContaining({ kind: 'unauthorized', code: 'not_signed_in' }) as Error,
    );
    try {
      credentialFor({ session: sessionFor(base, 'abc; other=1') }, service);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'unauthorized', code: 'invalid_session' });
      expect(String((error as Error).message)).not.toContain('abc');
    }
  });
});

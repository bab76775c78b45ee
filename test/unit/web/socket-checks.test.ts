// Browser mode's socket checks without a server: who may upgrade to the contract's socket, and
// how a page's text frame is read.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readFrame } from '../../../electron/web/page-socket';
import { upgradeRefusal } from '../../../electron/web/upgrade-check';

const allowed = {
  hosts: ['127.0.0.1:4000'],
  origins: ['http://127.0.0.1:4000'],
  secret: 'abc123',
};

function upgrade(headers: Record<string, string>, url = '/ipc'): IncomingMessage {
  return { url, headers } as unknown as IncomingMessage;
}

const good = {
  host: '127.0.0.1:4000',
  origin: 'http://127.0.0.1:4000',
  'sec-websocket-protocol': 'assistant.v1, secret.abc123',
};

describe('upgradeRefusal', () => {
  it('lets the printed page in, and says what is wrong with anything else', () => {
    expect(upgradeRefusal(upgrade(good), allowed)).toBeUndefined();
    expect(upgradeRefusal(upgrade({ ...good, host: 'evil.test:4000' }), allowed)).toMatchObject({
      status: 421,
      detail: 'host',
    });
    expect(upgradeRefusal(upgrade(good, '/other'), allowed)?.detail).toBe('path');
    expect(upgradeRefusal(upgrade({ ...good, origin: 'http://evil.test' }), allowed)?.detail).toBe(
      'origin',
    );
    const wrongSecret = { ...good, 'sec-websocket-protocol': 'assistant.v1, secret.abc124' };
    expect(upgradeRefusal(upgrade(wrongSecret), allowed)).toMatchObject({
      status: 403,
      detail: 'secret',
    });
    const noWire = { ...good, 'sec-websocket-protocol': 'secret.abc123' };
    expect(upgradeRefusal(upgrade(noWire), allowed)?.detail).toBe('secret');
  });
});

describe('readFrame', () => {
  it('reads a call, a malformed call with or without its id, and what is not JSON', () => {
    const call = { type: 'invoke', id: 3, name: 'settings.get', input: {} };
    expect(readFrame(JSON.stringify(call))).toEqual({ kind: 'call', frame: call });
    expect(readFrame(JSON.stringify({ id: 4, name: 7 }))).toEqual({ kind: 'malformed', id: 4 });
    expect(readFrame(JSON.stringify({ id: -1 }))).toEqual({ kind: 'malformed' });
    // An id no page could have sent (the wire's ids are safe integers) is not answered.
    expect(readFrame(JSON.stringify({ id: 1e300 }))).toEqual({ kind: 'malformed' });
    expect(readFrame('5')).toEqual({ kind: 'malformed' });
    expect(readFrame('{not json')).toEqual({ kind: 'not-json' });
    expect(readFrame('null')).toEqual({ kind: 'not-json' });
  });
});

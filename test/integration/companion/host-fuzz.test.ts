// The companion host's socket under fast-check, spoken to directly (no relay): frame sequences on
// an allowed connection and first frames of a fresh one. Valid calls of the subset and calls
// outside it, wrong types for every field, huge and negative ids, prototype keys, deep nesting,
// bodies that are not UTF-8 or not JSON, empty and oversized frames, and length prefixes that lie.
// Whatever comes, the host does not crash, throw out of its handlers or hang: every frame with a
// usable id gets its answer, every other frame a notice, a handshake is answered or refused with a
// reason, and a fresh allowed connection is still served.
import { createConnection, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionHost } from '../../../electron/companion';
import {
  MAX_FRAME_DEPTH,
  MAX_TO_APP_BYTES,
  MAX_TO_EXTENSION_BYTES,
  createFrameDecoder,
} from '../../../electron/companion/frame-codec';
import { SUBSET } from '../../../electron/companion/subset';
import type { LogEntry } from '../../../electron/core/logs/logger';
import {
  UNREACHABLE_RATE_LIMIT,
  startCompanionFixture,
  type CompanionFixture,
} from './fixtures/companion-host';

const ALLOWED = `chrome-extension://${'a'.repeat(32)}/`;
const DENIED = `chrome-extension://${'b'.repeat(32)}/`;
const UNDECIDED = `chrome-extension://${'c'.repeat(32)}/`;

let fixture: CompanionFixture;
let host: CompanionHost;
let socketPath: string;
let entries: LogEntry[];
/** The key the Allow of ALLOWED made, which an allowed connection presents. */
let allowedKey: string;
const escaped: unknown[] = [];
const recordEscape = (error: unknown) => escaped.push(error);

beforeAll(async () => {
  process.on('unhandledRejection', recordEscape);
  process.on('uncaughtException', recordEscape);
  fixture = await startCompanionFixture({
    folderPrefix: 'companion-fuzz-',
    host: {
      handshakeTimeoutMs: 2_000,
      // The flood limit has its own test (relay-host.test.ts); here every frame is read as it is.
      rateLimit: UNREACHABLE_RATE_LIMIT,
    },
  });
  ({ host, socketPath, entries } = fixture);
  allowedKey = await host.allow(ALLOWED);
  await host.deny(DENIED);
});

afterAll(async () => {
  await fixture?.stop();
  process.off('unhandledRejection', recordEscape);
  process.off('uncaughtException', recordEscape);
});

type Message = Record<string, unknown> & { type?: string };

/** One connection to the host's socket, with every message it sends and its close recorded. */
class Peer {
  readonly socket: Socket;
  readonly messages: Message[] = [];
  closed = false;
  private readonly decoder = createFrameDecoder(MAX_TO_EXTENSION_BYTES);
  private waiters: Array<() => void> = [];

  constructor() {
    this.socket = createConnection(socketPath);
    this.socket.on('data', (chunk: Buffer) => {
      for (const frame of this.decoder.push(chunk)) {
        // The host's own frames are JSON objects; anything else fails the property below.
        this.messages.push(frame.kind === 'frame' ? (frame.value as Message) : { type: 'junk' });
      }
      this.wake();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on('error', () => undefined);
  }

  write(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** Resolves once `done()` holds (checked after every message and on close). */
  until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (done()) resolve();
        else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  /** Ends our side and waits for the socket to close. */
  async end(tail?: Buffer): Promise<void> {
    if (!this.closed) {
      if (tail === undefined) this.socket.end();
      else this.socket.end(tail);
    }
    await this.until(() => this.closed);
  }

  result(id: number): Message | undefined {
    return this.messages.find((m) => m.type === 'result' && m.id === id);
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter();
  }
}

/** A frame as the host reads them: a 4-byte little-endian length, then the body. */
function frame(body: Buffer, declared = body.length): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(declared);
  return Buffer.concat([header, body]);
}

const text = (value: string): Buffer => Buffer.from(value, 'utf8');
const json = (value: unknown): Buffer => text(JSON.stringify(value) ?? 'null');
const hello = (origin: string, protocol = 1) =>
  json({ type: 'hello', origin, relay: 'fuzz', protocol });

/** Nested `depth` deep: `[[[…]]]` or `{"a":{"a":…}}`, written out (no recursion to build it). */
const nested = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const usableId = fc.nat({ max: 1_000_000 });
const anyId = fc.oneof(
  usableId,
  fc.constantFrom(1e300, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, -0, null),
  fc.string({ maxLength: 12 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const callName = fc.oneof(
  fc.constantFrom(...SUBSET),
  fc.constantFrom('settings.get', 'session.setToken', 'diagnostics.copy', 'inbox.list'),
  fc.string({ maxLength: 30 }),
);
const prototypeKeys = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"prototype":{"polluted":true},"__proto__":{"__proto__":{"polluted":true}},"runId":"x"}',
);
const depth = fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 200_000 }));
const shape = fc.constantFrom<'array' | 'object'>('array', 'object');

/** Bodies of frames whose length prefix tells the truth. */
const bodies: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .record({ id: usableId, name: callName, input: fc.jsonValue({ maxDepth: 3 }) })
    .map((call) => json({ type: 'call', ...call })),
  // Wrong types (or nothing) for every field, and fields the protocol has not.
  fc
    .record(
      {
        type: fc.oneof(fc.constant('call'), fc.jsonValue({ maxDepth: 1 })),
        id: anyId,
        name: fc.oneof(callName, fc.jsonValue({ maxDepth: 1 })),
        input: fc.jsonValue({ maxDepth: 2 }),
        extra: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    )
    .map(json),
  fc
    .tuple(usableId, callName, prototypeKeys)
    .map(([id, name, input]) =>
      text(
        `{"type":"call","id":${id},"name":${JSON.stringify(name)},"input":${input},"__proto__":{"id":7}}`,
      ),
    ),
  prototypeKeys.map(text),
  fc
    .tuple(usableId, callName, depth, shape)
    .map(([id, name, levels, kind]) =>
      text(
        `{"type":"call","id":${id},"name":${JSON.stringify(name)},"input":${nested(levels, kind)}}`,
      ),
    ),
  fc.tuple(depth, shape).map(([levels, kind]) => text(nested(levels, kind))),
  // A call cut short inside its own (honest) frame.
  fc
    .tuple(usableId, callName, fc.jsonValue({ maxDepth: 2 }), fc.nat())
    .map(([id, name, input, cut]) => {
      const whole = JSON.stringify({ type: 'call', id, name, input });
      return text(whole.slice(0, cut % whole.length));
    }),
  fc.string({ maxLength: 100 }).map(text),
  fc.jsonValue({ maxDepth: 2 }).map(json),
  // Not UTF-8.
  fc
    .uint8Array({ maxLength: 32 })
    .map((bytes) => Buffer.concat([text('{"type":"call","id":1'), Buffer.from([0xff]), bytes])),
  fc.constant(Buffer.alloc(0)),
  fc.integer({ min: 1, max: 4096 }).map((over) => Buffer.alloc(MAX_TO_APP_BYTES + over, 0x20)),
);

/** Lying length prefixes, sent last (what follows one is read as its body) before our side ends. */
const tails: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .tuple(fc.uint8Array({ maxLength: 64 }), fc.integer({ min: 1, max: 10_000 }))
    .map(([body, missing]) => frame(Buffer.from(body), body.length + missing)),
  fc
    .integer({ min: MAX_TO_APP_BYTES + 1, max: 0xffffffff })
    .map((declared) => frame(text('{"type":"call"'), declared)),
  fc.uint8Array({ minLength: 1, maxLength: 3 }).map((partial) => Buffer.from(partial)),
);

/** Nesting of arrays and objects, outside strings: written here apart from the host's scan. */
function depthOf(body: Buffer): number {
  let deepest = 0;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = String.fromCharCode(body[i] ?? 0);
    if (quoted) {
      if (char === '\\') i += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === ']' || char === '}') depth -= 1;
  }
  return deepest;
}

/**
 * The id the host can answer a body by (see connection.ts's callIdOf), if any. A body nested
 * deeper than the host reads is answered by id only when the id leads it as the extension writes.
 */
function answerableId(body: Buffer): number | undefined {
  if (body.length > MAX_TO_APP_BYTES) return undefined;
  if (depthOf(body) > MAX_FRAME_DEPTH) {
    const head = /^\{"type":"call","id":(\d+),/.exec(body.subarray(0, 40).toString('latin1'));
    return head === null ? undefined : Number(head[1]);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/** Ids of the probe calls, far from any the fuzz picks. */
let probeId = 2 ** 50;
const probe = (id: number) => frame(json({ type: 'call', id, name: 'usage.summary', input: {} }));

/** A connection the host has allowed, ready for calls. */
async function allowedPeer(): Promise<Peer> {
  const peer = new Peer();
  peer.write(frame(hello(ALLOWED)));
  peer.write(frame(json({ type: 'hello', key: allowedKey })));
  await peer.until(() => peer.closed || peer.messages.some((m) => m.type === 'pairing'));
  expect(peer.messages[0]).toMatchObject({ type: 'pairing', state: 'allowed' });
  return peer;
}

// `wrong-key`: ALLOWED's hello followed by anything but its key.
const REFUSALS = ['bad-handshake', 'protocol', 'denied', 'wrong-key'];

describe("the companion host's socket, fuzzed", () => {
  it('answers every call with an id, gives notice of every other frame, and goes on', async () => {
    const seen = { results: 0, notices: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(bodies, { minLength: 1, maxLength: 5 }),
        fc.option(tails),
        async (sent, tail) => {
          const peer = await allowedPeer();
          const ids = sent.map(answerableId);
          const last = probeId++;
          peer.write(Buffer.concat([...sent.map((body) => frame(body)), probe(last)]));
          const wanted = [...ids.filter((id) => id !== undefined), last];
          await peer.until(() => peer.closed || wanted.every((id) => peer.result(id)));
          expect(peer.closed).toBe(false);
          // Refusals of frames without an id are sent as they are read, before the probe's answer.
          const notices = peer.messages.filter((m) => m.type === 'notice');
          expect(notices).toHaveLength(ids.filter((id) => id === undefined).length);
          expect(peer.messages.filter((m) => m.type === 'junk')).toEqual([]);
          expect(peer.result(last)).toMatchObject({ result: { ok: true } });
          seen.results += wanted.length - 1;
          seen.notices += notices.length;
          await peer.end(tail ?? undefined);
        },
      ),
      // A sample left waiting (a hang) fails with that sample, not the whole test's timeout.
      { numRuns: 100, timeout: 5_000 },
    );
    expect(seen.results).toBeGreaterThan(0);
    expect(seen.notices).toBeGreaterThan(0);
  }, 30_000);

  it('answers or refuses, with a reason, whatever a fresh connection sends first', async () => {
    const outcomes = { answered: 0, refused: 0 };
    const firsts: fc.Arbitrary<Buffer> = fc.oneof(
      fc.constantFrom(ALLOWED, DENIED, UNDECIDED).map((origin) => hello(origin)),
      fc
        .tuple(fc.constantFrom(ALLOWED, UNDECIDED), fc.oneof(fc.integer(), fc.double()))
        .map(([origin, protocol]) => hello(origin, protocol)),
      fc
        .record(
          {
            type: fc.oneof(fc.constant('hello'), fc.jsonValue({ maxDepth: 1 })),
            origin: fc.oneof(fc.constant(ALLOWED), fc.string({ maxLength: 80 })),
            relay: fc.jsonValue({ maxDepth: 2 }),
            protocol: fc.oneof(fc.constant(1), fc.jsonValue({ maxDepth: 1 })),
          },
          { requiredKeys: [] },
        )
        .map(json),
      fc.constant(
        text(`{"type":"hello","origin":"${ALLOWED}","relay":"x","protocol":1,"__proto__":{}}`),
      ),
      bodies,
    );
    await fc.assert(
      fc.asyncProperty(firsts, fc.option(tails), async (first, tail) => {
        const peer = new Peer();
        const id = probeId++;
        peer.write(Buffer.concat([frame(first), probe(id)]));
        await peer.until(() => peer.closed || peer.result(id) !== undefined);
        const [answer] = peer.messages;
        if (answer?.type === 'pairing') {
          expect(['allowed', 'pending']).toContain(answer.state);
          const expected = answer.state === 'allowed' ? { ok: true } : { ok: false };
          expect(peer.result(id)).toMatchObject({ result: expected });
          outcomes.answered += 1;
        } else {
          expect(answer).toMatchObject({ type: 'refused', message: expect.any(String) });
          expect(REFUSALS).toContain(answer?.reason);
          expect(peer.closed).toBe(true);
          outcomes.refused += 1;
        }
        await peer.end(tail ?? undefined);
      }),
      { numRuns: 100, timeout: 5_000 },
    );
    expect(outcomes.answered).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 30_000);

  it('serves two runs.follow of one connection at once and answers a third rate_limited', async () => {
    const peer = await allowedPeer();
    const follow = (id: number) =>
      frame(json({ type: 'call', id, name: 'runs.follow', input: { runId: 'run_unknown' } }));
    // Written as one chunk: the third is read while the first two are still being served.
    peer.write(Buffer.concat([follow(1), follow(2), follow(3)]));
    await peer.until(() => peer.closed || [1, 2, 3].every((id) => peer.result(id)));
    expect(peer.result(3)).toMatchObject({
      result: { ok: false, error: { code: 'rate_limited', retryable: true } },
    });
    for (const id of [1, 2]) {
      expect(peer.result(id)).not.toMatchObject({ result: { error: { code: 'rate_limited' } } });
    }
    await peer.end();
  });

  it('is still serving, logged no failure of its own and let nothing escape', async () => {
    const peer = await allowedPeer();
    peer.write(probe(1));
    await peer.until(() => peer.closed || peer.result(1) !== undefined);
    expect(peer.result(1)).toMatchObject({ result: { ok: true } });
    await peer.end();
    expect(escaped).toEqual([]);
    expect(entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

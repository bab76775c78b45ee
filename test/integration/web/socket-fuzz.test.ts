// Browser mode's socket under fast-check: valid calls, truncated frames, frames over the size the
// host accepts, wrong types, deep nesting, prototype keys and binary frames, sent by a page that
// did open the socket properly. Whatever comes, the host does not crash or hang: a frame with an
// id gets its answer, a frame it cannot read closes the socket with a code that says why, one
// without an id is dropped; the host answers the next call; and nothing reaches Object.prototype.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_FRAME_BYTES,
  WIRE_PATH,
  pageProtocols,
  requestNames,
  type HostMessage,
} from '../../../electron/contract';
import { createSilentLogger } from '../../../electron/core/logs/logger';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { hostMessages } from '../../../src/platform/bridge/host-messages';
import { blankRendererDir, secretFrom } from './support';

let work: string;
let mode: BrowserMode;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'socket-fuzz-'));
  mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: await blankRendererDir(work),
    demo: { pacing: 'instant' },
    scheduler: false,
    log: createSilentLogger(),
  });
});

afterAll(async () => {
  await mode?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Ids of the probe calls, far from any the fuzz picks. */
const PROBE_IDS = 2 ** 40;

/** One page's socket, opened as the page does, with every answer and its close recorded. */
class Page {
  readonly ws: WebSocket;
  readonly answers = new Map<number, HostMessage>();
  closed: { code: number; reason: string } | undefined;
  private readonly reader = hostMessages();
  private waiters: Array<() => void> = [];

  constructor(host: BrowserMode) {
    this.ws = new WebSocket(
      `ws://127.0.0.1:${host.port}${WIRE_PATH}`,
      pageProtocols(secretFrom(host.url)),
      { origin: host.origin },
    );
    this.ws.on('message', (data: Buffer) => {
      const message = this.reader.read(data.toString('utf8'));
      if (message?.type === 'result') this.answers.set(message.id, message);
      this.wake();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    this.ws.on('error', () => undefined);
  }

  async opened(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) return;
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('close', () => reject(new Error('the socket did not open')));
    });
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

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter();
  }
}

const json = (value: unknown): string => JSON.stringify(value);

/** Nested `depth` deep: `[[[…]]]` or `{"a":{"a":…}}`, written out (no recursion to build it). */
const nested = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const name = fc.oneof(fc.constantFrom(...requestNames), fc.string({ maxLength: 30 }));
const id = fc.oneof(fc.nat({ max: 1_000_000 }), fc.constant(-1), fc.double(), fc.string());
const prototypeKeys = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":{"__proto__":{"polluted":true}},"dealId":"x"}',
);

/** What a page could send: a text frame (JSON or not), or a binary one. */
type Sent = { text: string } | { binary: Uint8Array };

const frames: fc.Arbitrary<Sent> = fc.oneof(
  // Well-formed calls, with inputs of any JSON shape.
  fc
    .record({ id: fc.nat({ max: 1_000_000 }), name, input: fc.jsonValue({ maxDepth: 4 }) })
    .map((call) => ({ text: json({ type: 'invoke', ...call }) })),
  // Calls with wrong types anywhere.
  fc
    .record({ type: fc.jsonValue({ maxDepth: 1 }), id, name: fc.jsonValue({ maxDepth: 1 }) })
    .map((frame) => ({ text: json({ ...frame, input: {} }) })),
  // Prototype keys, in the input and in the frame itself.
  fc.tuple(fc.nat({ max: 1_000_000 }), name, prototypeKeys).map(([n, call, input]) => ({
    text: `{"type":"invoke","id":${n},"name":${json(call)},"input":${input},"__proto__":{"id":7}}`,
  })),
  // Deep nesting, up to what fits in a frame.
  fc
    .tuple(
      fc.nat({ max: 1_000_000 }),
      name,
      fc.integer({ min: 1, max: 200_000 }),
      fc.constantFrom<'array' | 'object'>('array', 'object'),
    )
    .map(([n, call, depth, kind]) => ({
      text: `{"type":"invoke","id":${n},"name":${json(call)},"input":${nested(depth, kind)}}`,
    })),
  fc.integer({ min: 1, max: 200_000 }).map((depth) => ({ text: nested(depth, 'array') })),
  // Truncated: a valid call cut anywhere.
  fc
    .tuple(fc.nat({ max: 1_000_000 }), name, fc.jsonValue({ maxDepth: 3 }), fc.nat())
    .map(([n, call, input, cut]) => {
      const whole = json({ type: 'invoke', id: n, name: call, input });
      return { text: whole.slice(0, cut % whole.length) };
    }),
  // Anything at all, and JSON that is no object.
  fc.string({ maxLength: 200 }).map((text) => ({ text })),
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ text: json(value) ?? 'null' })),
  // Over the size the host accepts.
  fc.integer({ min: MAX_FRAME_BYTES + 1, max: MAX_FRAME_BYTES + 4096 }).map((size) => ({
    text: `{"type":"invoke","id":1,"name":"app.info","input":"${'x'.repeat(size)}"}`,
  })),
  fc.uint8Array({ minLength: 0, maxLength: 64 }).map((binary) => ({ binary })),
);

/** The id a frame's answer would carry, when the host can read one (see page-socket.ts). */
function answerableId(sent: Sent): number | undefined {
  if (!('text' in sent) || Buffer.byteLength(sent.text) > MAX_FRAME_BYTES) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(sent.text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const frameId = (value as { id?: unknown }).id;
  return typeof frameId === 'number' && Number.isSafeInteger(frameId) && frameId >= 0
    ? frameId
    : undefined;
}

/** Close codes that say why: binary (1003), not JSON (1007), too large (1009). */
const REFUSALS = new Set([1003, 1007, 1009]);

describe("browser mode's socket, fuzzed", () => {
  it('answers, refuses clearly or drops every frame, and goes on serving', async () => {
    let page = new Page(mode);
    let probes = 0;
    const outcomes = { answered: 0, refused: 0, dropped: 0 };
    await fc.assert(
      fc.asyncProperty(frames, async (sent) => {
        if (page.closed !== undefined) page = new Page(mode);
        await page.opened();
        const wanted = answerableId(sent);
        if (wanted !== undefined) page.answers.delete(wanted);
        if ('binary' in sent) page.ws.send(sent.binary, { binary: true });
        else page.ws.send(sent.text);
        // A call behind it: frames are read in order, so its answer means the frame was read.
        const probe = PROBE_IDS + probes++;
        page.ws.send(json({ type: 'invoke', id: probe, name: 'connectivity.status', input: {} }));
        await page.until(
          () =>
            page.closed !== undefined ||
            (page.answers.has(probe) && (wanted === undefined || page.answers.has(wanted))),
        );
        if (page.closed !== undefined) {
          // Refused, saying why; never a frame that had an answer coming.
          expect(REFUSALS.has(page.closed.code), json(page.closed)).toBe(true);
          outcomes.refused += 1;
          return;
        }
        if (wanted !== undefined) {
          const answer = page.answers.get(wanted);
          expect(answer?.type).toBe('result');
          outcomes.answered += 1;
        } else {
          outcomes.dropped += 1;
        }
        expect(page.answers.get(probe)).toMatchObject({ result: { ok: true } });
      }),
      // A sample left waiting (a hang) fails with that sample, not the whole test's timeout.
      { numRuns: 250, timeout: 10_000 },
    );
    page.ws.close();
    // Every kind of outcome came up, and the host still serves a new page.
    expect(outcomes.answered).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.dropped).toBeGreaterThan(0);
    const last = new Page(mode);
    await last.opened();
    last.ws.send(json({ type: 'invoke', id: 1, name: 'app.info', input: {} }));
    await last.until(() => last.answers.has(1) || last.closed !== undefined);
    expect(last.answers.get(1)).toMatchObject({ result: { ok: true } });
    last.ws.close();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  }, 60_000);
});

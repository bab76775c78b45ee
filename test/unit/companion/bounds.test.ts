import { once } from 'node:events';
import { createServer, createConnection, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createFrameDecoder, encodeFrame } from '../../../electron/companion/frame-codec';
import { createLogTrail } from '../../../electron/companion/log-trail';
import { createOutbound } from '../../../electron/companion/outbound';
import { createQueuePool } from '../../../electron/companion/queue-pool';
import { createRateLimiter } from '../../../electron/companion/rate-limit';
import { createRefusalTally } from '../../../electron/companion/refusal-tally';
import { createLogger, type LogEntry } from '../../../electron/core/logs/logger';

const nested = (depth: number) =>
  `{"type":"call","id":7,"input":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('frames nested too deeply', () => {
  it('are left unread, answered by the id at their head when there is one', () => {
    const decoder = createFrameDecoder(1024 * 1024, { maxDepth: 64 });
    const [shallow] = decoder.push(encodeFrame(JSON.parse(nested(60)), 1 << 20));
    expect(shallow?.kind).toBe('frame');
    const [deep] = decoder.push(encodeFrame(JSON.parse(nested(64)), 1 << 20));
    expect(deep).toMatchObject({ kind: 'unread', reason: 'depth', id: 7 });
    // Brackets inside strings are text, not nesting.
    const [quoted] = decoder.push(encodeFrame({ text: '['.repeat(500) }, 1 << 20));
    expect(quoted?.kind).toBe('frame');
  });

  it('and over the reader’s budget, unread too', () => {
    const decoder = createFrameDecoder(1024, { admit: (bytes) => bytes < 30 });
    const [small, large] = decoder.push(
      Buffer.concat([
        encodeFrame({ a: 1 }, 1024),
        encodeFrame({ type: 'call', id: 3, x: 'y'.repeat(40) }, 1024),
      ]),
    );
    expect(small?.kind).toBe('frame');
    expect(large).toMatchObject({ kind: 'unread', reason: 'budget', id: 3 });
  });
});

describe('the rate limiter by bytes', () => {
  it('refuses a frame past the byte budget however few calls came, and regains bytes with time', () => {
    let now = 0;
    const limiter = createRateLimiter(
      { burst: 100, perSecond: 100, burstBytes: 1000, bytesPerSecond: 500, closeAfterRefusals: 10 },
      () => now,
    );
    expect(limiter.take(800)).toBe('allow');
    expect(limiter.take(800)).toBe('refuse');
    // 200 left, 500 a second: 700 after one second is not enough, 1000 (the burst) after two is.
    now += 1000;
    expect(limiter.take(800)).toBe('refuse');
    now += 1000;
    expect(limiter.take(800)).toBe('allow');
  });
});

describe('what a connection leaves unread', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** A socket pair over loopback whose far end never reads. */
  async function pair(): Promise<{ near: Socket; far: Socket }> {
    const far = new Promise<Socket>((resolve) => {
      server = createServer({ pauseOnConnect: true }, resolve);
    });
    server?.listen(0, '127.0.0.1');
    await once(server!, 'listening');
    const address = server?.address();
    const near = createConnection((address as { port: number }).port, '127.0.0.1');
    await once(near, 'connect');
    return { near, far: await far };
  }

  it('closes a client that stops reading once it passes its share, telling once', async () => {
    const { near, far } = await pair();
    const overflows: number[] = [];
    const pool = createQueuePool(64 * 1024, 1024 * 1024);
    const outbound = createOutbound(near, { pool, onOverflow: (bytes) => overflows.push(bytes) });
    const result = { type: 'notice', code: 'x', message: 'y'.repeat(1000) } as const;
    let sent = 0;
    while (outbound.send(result)) sent += 1;
    expect(sent).toBeGreaterThan(0);
    expect(overflows).toHaveLength(1);
    // Its own share plus at most the slack (1 MiB) while the reader took nothing.
    expect(overflows[0]).toBeLessThanOrEqual(64 * 1024 + 1024 * 1024 + 2048);
    expect(outbound.send(result)).toBe(false);
    near.destroy();
    far.destroy();
  });

  it('lets one long answer through past the connection’s own share', async () => {
    const { near, far } = await pair();
    const pool = createQueuePool(64 * 1024, 8 * 1024 * 1024);
    const outbound = createOutbound(near, { pool });
    expect(outbound.send({ type: 'notice', code: 'x', message: 'y'.repeat(3 * 1024 * 1024) })).toBe(
      true,
    );
    near.destroy();
    far.destroy();
  });
});

describe('the log of a flood', () => {
  it('writes the first refusal of each kind, and the count once at close', () => {
    const entries: LogEntry[] = [];
    const tally = createRefusalTally(createLogger({ onEntry: (e) => entries.push(e) }), () => 'o');
    for (let i = 0; i < 1000; i += 1) tally.note('malformed', 'refused a malformed frame');
    tally.close();
    expect(entries.map((e) => e.message)).toEqual([
      'refused a malformed frame',
      'Companion: refused frames of a connection that closed',
    ]);
    expect(entries[1]?.fields).toMatchObject({ total: 1000, byCode: { malformed: 1000 } });
  });

  it('writes a minute’s allowance of connection lines, counts the rest, and always writes errors', () => {
    const entries: LogEntry[] = [];
    let now = 0;
    const trail = createLogTrail(createLogger({ onEntry: (e) => entries.push(e) }), {
      perMinute: 3,
      now: () => now,
    });
    for (let i = 0; i < 100; i += 1) trail.info('connected');
    trail.error('a fault');
    now += 60_000;
    trail.info('connected');
    expect(entries.map((e) => e.message)).toEqual([
      'connected',
      'connected',
      'connected',
      'a fault',
      'Companion: more connection lines than the log keeps; counted, not written',
      'connected',
    ]);
    expect(entries[4]?.fields).toMatchObject({ total: 97 });
    trail.flush();
  });
});

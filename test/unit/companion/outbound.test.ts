import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPartJoiner, type PartFrame } from '../../../electron/contract/frames';
import { createFrameDecoder } from '../../../electron/companion/frame-codec';
import { createOutbound } from '../../../electron/companion/outbound';
import type { OutboundMessage } from '../../../electron/companion/protocol';
import { createRateLimiter } from '../../../electron/companion/rate-limit';

describe('what the app sends an extension', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** A socket pair over loopback; `messages(n)` reads the far end's first n whole messages. */
  async function pair() {
    const far = new Promise<Socket>((resolve) => {
      server = createServer(resolve);
    });
    server?.listen(0, '127.0.0.1');
    await once(server!, 'listening');
    const near = createConnection((server?.address() as { port: number }).port, '127.0.0.1');
    await once(near, 'connect');
    const reader = await far;
    const decoder = createFrameDecoder(Number.MAX_SAFE_INTEGER);
    const joiner = createPartJoiner();
    const read: unknown[] = [];
    const frameSizes: number[] = [];
    let wanted: { count: number; resolve: () => void } | undefined;
    reader.on('data', (chunk: Buffer) => {
      for (const frame of decoder.push(chunk)) {
        if (frame.kind !== 'frame') throw new Error(`unexpected ${frame.kind}`);
        frameSizes.push(Buffer.byteLength(JSON.stringify(frame.value)));
        const value = frame.value as { type: string };
        if (value.type !== 'part') read.push(value);
        else {
          const outcome = joiner.accept(value as PartFrame);
          if (outcome.kind === 'complete') read.push(JSON.parse(outcome.text));
        }
        if (wanted !== undefined && read.length >= wanted.count) wanted.resolve();
      }
    });
    const messages = (count: number) =>
      new Promise<unknown[]>((resolve) => {
        wanted = { count, resolve: () => resolve(read.slice(0, count)) };
        if (read.length >= count) wanted.resolve();
      });
    return { near, far: reader, messages, frameSizes };
  }

  it('cuts with the contract’s framer: parts within the bound, joined back exactly', async () => {
    const { near, far, messages, frameSizes } = await pair();
    const outbound = createOutbound(near, { maxBytes: 2_000 });
    const long: OutboundMessage = {
      type: 'event',
      name: 'run.update',
      payload: 'é😀"'.repeat(2_000),
    };
    const short: OutboundMessage = { type: 'event', name: 'x', payload: 1 };
    expect(outbound.send(long)).toBe(true);
    expect(outbound.send(short)).toBe(true);
    expect(await messages(2)).toEqual([long, short]);
    expect(frameSizes.length).toBeGreaterThan(3);
    for (const size of frameSizes) expect(size).toBeLessThanOrEqual(2_000);
    near.destroy();
    far.destroy();
  });

  it('answers a result too large even in parts with an error, and sends no such event', async () => {
    const { near, far, messages } = await pair();
    const tooLarge: string[] = [];
    const outbound = createOutbound(near, {
      maxBytes: 2_000,
      onTooLarge: (type) => tooLarge.push(type),
    });
    const huge = 'x'.repeat(200_000);
    expect(outbound.send({ type: 'event', name: 'run.update', payload: huge })).toBe(true);
    expect(outbound.send({ type: 'result', id: 9, result: { ok: true, data: huge } })).toBe(true);
    expect(await messages(1)).toEqual([
      {
        type: 'result',
        id: 9,
        result: {
          ok: false,
          error: expect.objectContaining({ code: 'internal_error', retryable: false }),
        },
      },
    ]);
    expect(tooLarge).toEqual(['event', 'result']);
    near.destroy();
    far.destroy();
  });
});

describe('the rate limiter', () => {
  it('allows a burst, refuses past it, regains calls with time, and closes a persistent flood', () => {
    let now = 0;
    const limiter = createRateLimiter(
      { burst: 3, perSecond: 2, burstBytes: 1e9, bytesPerSecond: 1e9, closeAfterRefusals: 4 },
      () => now,
    );
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      'allow',
      'allow',
      'allow',
      'refuse',
    ]);
    now += 500;
    expect(limiter.take()).toBe('allow');
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      'refuse',
      'refuse',
      'refuse',
      'close',
    ]);
  });
});

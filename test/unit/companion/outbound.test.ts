import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitText } from '../../../electron/companion/outbound';
import { createRateLimiter } from '../../../electron/companion/rate-limit';

describe('splitting a long message into parts', () => {
  it('gives pieces that rejoin exactly and each fit the budget once escaped', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.integer({ min: 8, max: 64 }),
        (text, budget) => {
          const json = JSON.stringify({ text });
          const pieces = splitText(json, budget);
          expect(pieces.join('')).toBe(json);
          for (const piece of pieces) {
            expect(Buffer.byteLength(JSON.stringify(piece))).toBeLessThanOrEqual(budget + 2);
            // No piece ends between the halves of a surrogate pair.
            const last = piece.charCodeAt(piece.length - 1);
            expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
          }
        },
      ),
    );
  });

  it('keeps a message that fits in one piece', () => {
    expect(splitText('{"a":1}', 100)).toEqual(['{"a":1}']);
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

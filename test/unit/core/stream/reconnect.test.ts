import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_AN_ID, StreamPositions, anchorOf } from '../../../../electron/core/stream/positions';
import {
  DEFAULT_RECONNECT_POLICY,
  reconnectDelay,
} from '../../../../electron/core/stream/reconnect';

const policy = { ...DEFAULT_RECONNECT_POLICY, baseDelayMs: 100, maxDelayMs: 2_000 };

describe('reconnect delays', () => {
  it('doubles per consecutive failure, capped, with half of each wait left to jitter', () => {
    expect(reconnectDelay(1, policy, () => 0)).toBe(50);
    expect(reconnectDelay(1, policy, () => 1)).toBe(100);
    expect(reconnectDelay(2, policy, () => 1)).toBe(200);
    expect(reconnectDelay(4, policy, () => 1)).toBe(800);
    expect(reconnectDelay(10, policy, () => 1)).toBe(2_000);
    expect(reconnectDelay(10, policy, () => 0)).toBe(1_000);
  });

  it("starts from the server's retry hint instead of the base delay", () => {
    expect(reconnectDelay(1, policy, () => 1, 3_000)).toBe(3_000);
    expect(reconnectDelay(1, policy, () => 0, 3_000)).toBe(1_500);
    expect(reconnectDelay(3, policy, () => 1, 10)).toBe(40);
  });

  it('waits at least what Retry-After asks, up to the policy limit', () => {
    expect(reconnectDelay(1, policy, () => 0, undefined, 5_000)).toBe(5_000);
    expect(reconnectDelay(1, policy, () => 0, undefined, 10 * 60_000)).toBe(policy.maxRetryAfterMs);
  });

  it('stays within [ceiling / 2, ceiling] for any jitter (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
        (attempt, r, hint) => {
          const delay = reconnectDelay(attempt, policy, () => r, hint);
          const base = hint ?? policy.baseDelayMs;
          const ceiling = Math.min(Math.max(policy.maxDelayMs, base), base * 2 ** (attempt - 1));
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
  });
});

describe('stream positions', () => {
  it('names events by id, and id-less ones by the last id and a count', () => {
    const positions = new StreamPositions();
    positions.startConnection(undefined, false);
    expect(positions.next(undefined)).toBe(`${NOT_AN_ID}#1`);
    positions.onId('7');
    expect(positions.next('7')).toBe('7');
    expect(positions.next(undefined)).toBe(`${NOT_AN_ID}7#1`);
    expect(positions.next(undefined)).toBe(`${NOT_AN_ID}7#2`);
    expect(anchorOf(`${NOT_AN_ID}7#2`)).toBe('7');
    expect(anchorOf('7')).toBe('7');
    expect(anchorOf(`${NOT_AN_ID}#1`)).toBeUndefined();
  });

  it('skips replayed positions only on a resumed connection', () => {
    const positions = new StreamPositions();
    positions.startConnection(undefined, false);
    expect(positions.accept('1')).toBe(true);
    // A server that reuses an id loses nothing on the first connection.
    expect(positions.accept('1')).toBe(true);
    positions.startConnection('1', true);
    expect(positions.accept('1')).toBe(false);
    expect(positions.accept('2')).toBe(true);
    expect(positions.accept('2')).toBe(false);
  });

  it('recognises positions stored before a restart', () => {
    const positions = new StreamPositions(['1', `${NOT_AN_ID}1#1`]);
    positions.startConnection('1', false);
    expect(positions.accept(positions.next(undefined))).toBe(false);
    expect(positions.accept(positions.next(undefined))).toBe(true);
  });
});

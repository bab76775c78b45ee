// The command line's bound on a followed run counts what the app's transcript counts (one JSON
// line per event), so both stop following a run at the same size.
import { describe, expect, it } from 'vitest';
import { RunBound } from '../../../electron/cli/run-bound';
import { runEventLine } from '../../../electron/core/limits';
import type { FollowItem } from '../../../electron/core/stream/events';

const delta = (text: string, position: string): FollowItem => ({
  type: 'event',
  event: { type: 'output', text },
  position,
});

describe('the bound on a followed run', () => {
  it('takes events up to the bound and refuses the one that would go past it', () => {
    const first = delta('é'.repeat(100), '1');
    const second = delta('x'.repeat(50), '2');
    const lineBytes = (item: FollowItem) =>
      item.type === 'event' ? Buffer.byteLength(runEventLine(item.event, item.position)) : 0;
    const bound = new RunBound(lineBytes(first) + lineBytes(second));
    expect(bound.take(first)).toBe(true);
    // Connection states are the follower's own, not the run's: they cost nothing.
    expect(bound.take({ type: 'connection', state: 'open', attempt: 0 })).toBe(true);
    expect(bound.take(second)).toBe(true);
    expect(bound.take(delta('y', '3'))).toBe(false);
  });

  it('is the app’s 20 MB unless told otherwise', () => {
    expect(new RunBound().size).toBe('20 MB');
  });
});

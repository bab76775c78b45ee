// The page tells the host when the user looks away or back: changes only, the first at once,
// then at most one per interval, and the last state always reaches the host.
import { describe, expect, it } from 'vitest';
import { createFocusReporter } from '../../../../src/lib/focusReporter';

function setup(minIntervalMs = 250) {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const sent: boolean[] = [];
  const reporter = createFocusReporter({
    send: (focused) => sent.push(focused),
    minIntervalMs,
    now: () => now,
    schedule: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.cancelled) continue;
      if (timer.at <= now) timer.run();
      else timers.push(timer);
    }
  };
  return { reporter, sent, advance };
}

describe('focus reporting', () => {
  it('sends the first state at once and nothing when it does not change', () => {
    const { reporter, sent } = setup();
    reporter.update(true);
    reporter.update(true);
    expect(sent).toEqual([true]);
  });

  it('coalesces a burst of flips into the state it ends in', () => {
    const { reporter, sent, advance } = setup();
    reporter.update(true);
    advance(300);
    reporter.update(false);
    expect(sent).toEqual([true, false]);
    reporter.update(true);
    reporter.update(false);
    reporter.update(true);
    expect(sent).toEqual([true, false]);
    advance(250);
    expect(sent).toEqual([true, false, true]);
  });

  it('sends nothing when a burst ends where it started', () => {
    const { reporter, sent, advance } = setup();
    reporter.update(false);
    reporter.update(true);
    reporter.update(false);
    advance(1000);
    expect(sent).toEqual([false]);
  });

  it('sends the state again for a host that forgot it, and stops when disposed', () => {
    const { reporter, sent, advance } = setup();
    reporter.update(false);
    advance(1000);
    reporter.resend();
    expect(sent).toEqual([false, false]);
    reporter.update(true);
    reporter.dispose();
    advance(1000);
    expect(sent).toEqual([false, false]);
  });
});

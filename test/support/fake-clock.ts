// Fake time for tests: time moves only when the test says so, and due timers run in order.
// FakeClock stands in for electron/core/clock.ts (the follower, the coalescer, the run manager,
// the update controller); FakeWallClock for the notification runner's clock, which reads the
// calendar (a Date and a time zone) and has no timers.
import type { Clock, TimerHandle } from '../../electron/core/clock';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

export class FakeClock implements Clock {
  /** The current time; a test may move it without running timers (the machine slept). */
  time = 0;
  private nextId = 1;
  private timers: Timer[] = [];

  // A property, so `now: clock.now` can be handed over unbound.
  now = (): number => this.time;

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer.id as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    const id = handle as unknown as number;
    this.timers = this.timers.filter((timer) => timer.id !== id);
  }

  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = end;
  }

  get pending(): number {
    return this.timers.length;
  }
}

export class FakeWallClock {
  constructor(
    public current: Date,
    public zone: string,
  ) {}
  now = (): Date => new Date(this.current.getTime());
  timeZone = (): string => this.zone;
  set(instant: string | Date): void {
    this.current = new Date(instant);
  }
}

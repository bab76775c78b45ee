// A scripted service and a host loop for driving the notification runner through
// simulated days without timers. The state store round-trips through JSON and the real schema,
// so everything the runner keeps is known to survive a restart.
import { expect } from 'vitest';
import {
  createNotificationRunner,
  emptyState,
  NotificationSettingsSchema,
  resolveNotificationSettings,
  NotificationStateSchema,
  type CheckReason,
  type NotificationDecision,
  type NotificationFetcher,
  type NotificationRunner,
  type NotificationSettings,
  type NotificationState,
  type NotificationStateStore,
  type SuppressedDecision,
} from '../../../../electron/core/notifications';
import { FakeWallClock as FakeClock } from '../../../support/fake-clock';
import { FALLBACK_WEEK } from '../../../../electron/domain/week/week-info';

export class MemoryStore implements NotificationStateStore {
  text: string | undefined;
  saves = 0;
  async load(): Promise<{ state: NotificationState }> {
    if (this.text === undefined) return { state: emptyState() };
    return { state: NotificationStateSchema.parse(JSON.parse(this.text)) };
  }
  async save(state: NotificationState): Promise<void> {
    this.text = JSON.stringify(state);
    this.saves += 1;
  }
  state(): NotificationState {
    return NotificationStateSchema.parse(JSON.parse(this.text ?? 'null'));
  }
}

/** A scripted service: each endpoint answers from a function of the fake clock's time. */
export class ScriptedService implements NotificationFetcher {
  calls: string[] = [];
  offline = false;
  morning: (now: Date) => unknown = () => ({ headline: 'Three deals need you today' });
  meeting: (now: Date) => unknown = () => ({});
  usage: (now: Date) => unknown = () => usageOf({});
  constructor(private readonly clock: FakeClock) {}
  async getMorningBriefing(): Promise<unknown> {
    return this.answer('morning', this.morning);
  }
  async getMeetingBriefing(): Promise<unknown> {
    return this.answer('meeting', this.meeting);
  }
  async getUsage(): Promise<unknown> {
    return this.answer('usage', this.usage);
  }
  private answer(name: string, source: (now: Date) => unknown): unknown {
    this.calls.push(name);
    if (this.offline) {
      // What Node's fetch throws when the machine is offline: the cause carries the socket code.
      const cause = Object.assign(new Error('getaddrinfo EAI_AGAIN demo.invalid'), {
        code: 'EAI_AGAIN',
      });
      throw new TypeError('fetch failed', { cause });
    }
    return source(this.clock.now());
  }
}

export function usageOf(parts: {
  start?: string;
  requests?: [number, number | null];
  runs?: [number, number | null];
  tokens?: [number, number, number | null];
}): unknown {
  const [requestCount, requestLimit] = parts.requests ?? [0, 1000];
  const [runCount, runLimit] = parts.runs ?? [0, 100];
  const [input, output, tokenLimit] = parts.tokens ?? [0, 0, null];
  return {
    billingPeriod: {
      start: parts.start ?? '2026-11-01T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    },
    requests: { count: requestCount, limit: requestLimit },
    runs: { count: runCount, limit: runLimit },
    tokens: { input, output, limit: tokenLimit },
  };
}

/** As stored, then resolved as core does with no week data: days not chosen are Monday to Friday. */
export function settingsOf(partial: Record<string, unknown> = {}): NotificationSettings {
  return resolveNotificationSettings(
    NotificationSettingsSchema.parse(partial),
    FALLBACK_WEEK.workingDays,
  );
}

export interface Shown {
  at: string;
  decision: NotificationDecision;
}

export class Harness {
  readonly clock: FakeClock;
  readonly service: ScriptedService;
  readonly store: NotificationStateStore;
  settings: NotificationSettings;
  runner: NotificationRunner;
  shown: Shown[] = [];
  suppressed: SuppressedDecision[] = [];
  osDoNotDisturb = false;
  /** The agents the cache holds, for a Prepare with no agent chosen. */
  agents: { id: string; title: string }[] = [];

  constructor(options: {
    start: string;
    timeZone: string;
    settings?: Record<string, unknown>;
    store?: NotificationStateStore;
  }) {
    this.clock = new FakeClock(new Date(options.start), options.timeZone);
    this.service = new ScriptedService(this.clock);
    this.store = options.store ?? new MemoryStore();
    this.settings = settingsOf(options.settings);
    this.runner = this.newRunner();
  }

  /** A fresh runner on the same store: what an app restart looks like to the scheduler. */
  restart(): void {
    this.runner = this.newRunner();
  }

  async check(reason: CheckReason = 'timer') {
    const result = await this.runner.check({ reason, osDoNotDisturb: this.osDoNotDisturb });
    this.record(result.show, result.suppressed);
    return result;
  }

  /** Checks every `stepMinutes` from the current time until `until` (inclusive). */
  async every(stepMinutes: number, until: string): Promise<void> {
    const end = Date.parse(until);
    while (this.clock.current.getTime() <= end) {
      await this.check('timer');
      this.clock.set(new Date(this.clock.current.getTime() + stepMinutes * 60_000));
    }
  }

  /**
   * Behaves like a host: checks at start, then sleeps until nextCheckAt each time, until `until`.
   * During `asleep` intervals no timer fires; the machine checks once on waking (reason `wake`).
   */
  async host(until: string, asleep: { from: string; to: string }[] = []): Promise<number> {
    const end = Date.parse(until);
    let reason: CheckReason = 'start';
    let checks = 0;
    while (this.clock.current.getTime() <= end) {
      const result = await this.check(reason);
      checks += 1;
      if (checks > 5000) throw new Error('the host loop did not settle');
      let next = result.nextCheckAt.getTime();
      // Right after a check nothing is due at once: a host following nextCheckAt never spins.
      expect(next).toBeGreaterThan(this.clock.current.getTime());
      reason = 'timer';
      for (const sleep of asleep) {
        const [from, to] = [Date.parse(sleep.from), Date.parse(sleep.to)];
        if (next >= from && next < to) {
          next = to;
          reason = 'wake';
        }
      }
      this.clock.set(new Date(next));
    }
    return checks;
  }

  kinds(kind: NotificationDecision['kind']): Shown[] {
    return this.shown.filter((entry) => entry.decision.kind === kind);
  }

  private record(show: NotificationDecision[], suppressed: SuppressedDecision[]): void {
    for (const decision of show) this.shown.push({ at: this.clock.now().toISOString(), decision });
    this.suppressed.push(...suppressed);
  }

  private newRunner(): NotificationRunner {
    return createNotificationRunner({
      fetcher: this.service,
      store: this.store,
      clock: this.clock,
      settings: () => this.settings,
      agents: () => Promise.resolve(this.agents),
    });
  }
}

// The in-process control API for tests and benchmarks: sessions, quotas and usage, pacing,
// fault switches, and direct access to runs. Not reachable over HTTP.
import type { DealDetail } from './data/deals';
import type { FailNextOptions, StreamFault } from './faults/faults';
import type { Pacing, RunRecord } from './runs/types';
import { MAX_DEMO_TOKENS } from './run-request';
import type { ScriptedMeeting, ServiceState } from './state';
import type { Counts, Limits, UsageSummary } from './usage/meter';

export interface DemoControl {
  /**
   * A new session; returns its token (the value of the sb-access-token cookie). Runs are seen
   * only by the session that created them, unless it `renews` that session (a sign-in again
   * after it expired: the same user's runs).
   */
  createSession(options?: { email?: string; ttlMs?: number | null; renews?: string }): string;
  /** Makes a session expired: requests with it get 401 `unauthorized` (reason `expired`). */
  expireSession(token: string): boolean;
  /** Revokes a session: requests with it get 401 `unauthorized` (reason `unknown`). */
  revokeSession(token: string): boolean;
  revokeAllSessions(): void;
  /** Lifetime of sessions created from now on; null means no expiry. */
  setSessionTtl(ttlMs: number | null): void;
  setLimits(limits: Partial<Limits>): void;
  /** Overwrites counters of the current billing period. */
  setUsage(counts: Partial<Counts>): void;
  usage(): UsageSummary;
  setPacing(pacing: Pacing): void;
  setFailRuns(fail: boolean): void;
  /**
   * Output length, in tokens, of runs started from now on that do not ask for one themselves
   * (the app's Ask form cannot); null: each agent's usual length.
   */
  setRunLength(tokens: number | null): void;
  setKeepAliveMs(ms: number): void;
  /**
   * The meeting briefing names its deal only in its title ("<deal> pricing call") and sends no
   * deal id or deal name, as a service fed by a calendar may.
   */
  setMeetingDealInTitle(on: boolean): void;
  /**
   * The calendar from now on: the meeting briefing is about the next of these that has not
   * started (an empty briefing when none is left). Moving or cancelling a meeting is setting the
   * list again. null: the demo's generated day.
   */
  setMeetings(meetings: readonly ScriptedMeeting[] | null): void;
  /** The next `count` API requests answer with an error envelope (503 + Retry-After: 1 by default). */
  failNextRequests(options?: FailNextOptions): void;
  /** The next `count` API requests wait `ms` before being handled. */
  delayNextRequests(options: { ms: number; count?: number }): void;
  /** The next `count` streams are cut after `afterEvents` events (dropped, or ended without `done`). */
  cutNextStreams(options: {
    afterEvents: number;
    count?: number;
    mode?: StreamFault['mode'];
  }): void;
  clearFaults(): void;
  getRun(runId: string): RunRecord | undefined;
  /** The run's output text so far (all of it once finished). */
  runOutput(runId: string): string | undefined;
  /** Resolves with the record once the run has finished; rejects after `timeoutMs`. */
  waitForRun(runId: string, timeoutMs?: number): Promise<RunRecord>;
  /** Today's deals, as GET /deals/{id} would return them. */
  deals(): DealDetail[];
}

export function createControl(state: ServiceState): DemoControl {
  return {
    createSession: (options = {}) =>
      state.sessions.create({
        ...(options.email === undefined ? {} : { email: options.email }),
        ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
        ...(options.renews === undefined ? {} : { renews: options.renews }),
      }),
    expireSession: (token) => state.sessions.expire(token),
    revokeSession: (token) => state.sessions.revoke(token),
    revokeAllSessions: () => state.sessions.revokeAll(),
    setSessionTtl: (ttlMs) => state.sessions.setDefaultTtl(ttlMs),
    setLimits: (limits) => state.usage.setLimits(limits),
    setUsage: (counts) => state.usage.setCounts(counts),
    usage: () => state.usage.summary(),
    setPacing: (pacing) => state.runs.setPacing(pacing),
    setFailRuns: (fail) => {
      state.settings.failRuns = fail;
    },
    setRunLength: (tokens) => {
      if (
        tokens !== null &&
        !(Number.isInteger(tokens) && tokens >= 1 && tokens <= MAX_DEMO_TOKENS)
      ) {
        throw new RangeError(
          `A run length is a whole number of tokens from 1 to ${MAX_DEMO_TOKENS}.`,
        );
      }
      state.settings.runTokens = tokens;
    },
    setKeepAliveMs: (ms) => {
      state.settings.keepAliveMs = ms;
    },
    setMeetingDealInTitle: (on) => {
      state.settings.meetingDealInTitle = on;
    },
    setMeetings: (meetings) => {
      state.settings.scriptedMeetings = meetings === null ? null : [...meetings];
    },
    failNextRequests: (options) => state.faults.failNextRequests(options),
    delayNextRequests: (options) => state.faults.delayNextRequests(options),
    cutNextStreams: (options) => state.faults.cutNextStreams(options),
    clearFaults: () => state.faults.clear(),
    getRun: (runId) => state.runs.get(runId)?.record(),
    runOutput: (runId) => state.runs.get(runId)?.text(),
    waitForRun: (runId, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const run = state.runs.get(runId);
        if (run === undefined) {
          reject(new Error(`No run ${runId}`));
          return;
        }
        if (run.finished) {
          resolve(run.record());
          return;
        }
        const timer = setTimeout(() => {
          unsubscribe();
          reject(
            new Error(`Run ${runId} did not finish within ${timeoutMs} ms (status ${run.status})`),
          );
        }, timeoutMs);
        const unsubscribe = state.runs.subscribe(run, (event) => {
          if (event.event !== 'done') return;
          clearTimeout(timer);
          unsubscribe();
          resolve(run.record());
        });
      }),
    deals: () => state.deals.all(),
  };
}

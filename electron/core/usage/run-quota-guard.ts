// The check the run manager calls before POST /runs: refuse a run over the runs quota before
// anything is sent. It keeps the last usage summary for a short while so starting several runs
// in a row costs one usage request, and counts the runs it let through in between.
//
// When the usage summary cannot be loaded the run is let through: the service enforces its own
// quota, and a usage outage must not stop salespeople from working. A cancelled check still
// throws `aborted`.

import { toAssistantError } from '../errors';
import type { UsageSummary } from '../api/schemas';
import { checkRunQuota } from './quota';

export interface RunQuotaGuardOptions {
  /** Loads a fresh summary, e.g. `(signal) => client.getUsage({ signal }).then((r) => r.data)`. */
  loadUsage: (signal?: AbortSignal) => Promise<UsageSummary>;
  /** How long a summary is trusted, in ms (default 30 s). */
  maxAgeMs?: number;
  now?: () => number;
}

export type RunQuotaCheck =
  { checked: true; runsLeft: number | null } | { checked: false; reason: string };

export interface RunQuotaGuard {
  /** Resolves when a run may start; rejects with kind `quota` when it may not. */
  check(signal?: AbortSignal): Promise<RunQuotaCheck>;
  /** Call after a run was created, so the cached count stays true until the next refresh. */
  noteRunStarted(): void;
  /** Feed a summary fetched elsewhere (the usage view) to avoid a second request. */
  update(usage: UsageSummary): void;
  /** Forget the cached summary (new session, new period). */
  invalidate(): void;
}

export function createRunQuotaGuard(options: RunQuotaGuardOptions): RunQuotaGuard {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { usage: UsageSummary; at: number } | undefined;

  return {
    async check(signal) {
      if (!cached || now() - cached.at > maxAgeMs) {
        try {
          cached = { usage: await options.loadUsage(signal), at: now() };
        } catch (thrown) {
          const error = toAssistantError(thrown);
          if (error.kind === 'aborted') throw error;
          return { checked: false, reason: error.message };
        }
      }
      const decision = checkRunQuota(cached.usage);
      if (!decision.allowed) throw decision.error;
      return { checked: true, runsLeft: decision.runsLeft };
    },
    noteRunStarted() {
      if (!cached) return;
      const runs = cached.usage.runs;
      cached = { ...cached, usage: { ...cached.usage, runs: { ...runs, count: runs.count + 1 } } };
    },
    update(usage) {
      cached = { usage, at: now() };
    },
    invalidate() {
      cached = undefined;
    },
  };
}

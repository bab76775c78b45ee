// Shared by the run manager tests: a manager over real HTTP and a way to wait for a run's end.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunUpdate } from '../../../../electron/contract/runs';
import { createApiClient } from '../../../../electron/core/api/client';
import { sessionFor, type ClientConfig } from '../../../../electron/core/api/config';
import { RunManager, type RunManagerOptions } from '../../../../electron/core/runs/manager';

export interface ManagedSession {
  token: string | undefined;
}

export async function tempDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'assistant-runs-'));
}

export function createManager(
  baseUrl: string,
  session: ManagedSession,
  dataDir: string,
  extra: Partial<RunManagerOptions> = {},
): RunManager {
  const config: ClientConfig = {
    baseUrl,
    session: sessionFor(baseUrl, () => session.token),
    retry: { baseDelayMs: 5, maxDelayMs: 50, maxRetryAfterMs: 1_500, totalTimeMs: 10_000 },
  };
  return new RunManager({
    api: createApiClient(config),
    dataDir,
    follow: {
      reconnect: { baseDelayMs: 5, maxDelayMs: 100, maxAttempts: 12, maxRetryAfterMs: 1_500 },
      stallTimeoutMs: 5_000,
      finalGraceMs: 500,
    },
    ...extra,
  });
}

/** Records every update per run; `done(runId)` resolves with the run's updates once it ended. */
export class UpdateLog {
  readonly updates: RunUpdate[] = [];
  private readonly waiters = new Map<string, Array<() => void>>();
  readonly unsubscribe: () => void;

  constructor(manager: RunManager) {
    this.unsubscribe = manager.onUpdates((updates) => {
      for (const update of updates) {
        this.updates.push(update);
        if (update.done) for (const wake of this.waiters.get(update.runId) ?? []) wake();
      }
    });
  }

  of(runId: string): RunUpdate[] {
    return this.updates.filter((update) => update.runId === runId);
  }

  text(runId: string): string {
    return this.of(runId)
      .map((update) => update.textAppended)
      .join('');
  }

  done(runId: string, timeoutMs = 20_000): Promise<RunUpdate[]> {
    if (this.of(runId).some((update) => update.done)) return Promise.resolve(this.of(runId));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`run ${runId} did not end within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const list = this.waiters.get(runId) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve(this.of(runId));
      });
      this.waiters.set(runId, list);
    });
  }

  /** Resolves once the run's text has at least `chars` characters. */
  async textReaches(runId: string, chars: number, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.text(runId).length < chars) {
      if (Date.now() > until) throw new Error(`run ${runId} produced too little text`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

// What the renderer knows of a live run besides its text, and how a `run.update` batch moves it.
import type { LiveRun, LiveRunSummary, RunUpdate } from '../../../electron/contract';

export interface LiveRunMeta extends LiveRunSummary {
  /** The question, when this renderer knows it. */
  message?: string;
}

/** A snapshot's run without its text (the text lives in ./output). */
export function fromLive(run: LiveRun): LiveRunMeta {
  const { text: _text, ...meta } = run;
  return meta;
}

/** A run's meta after a batch, or undefined when only its seq moved (no render needed). */
export function nextMeta(known: LiveRunMeta, update: RunUpdate): LiveRunMeta | undefined {
  const lastStatus = update.statuses?.at(-1);
  const done = update.done === true;
  const changed =
    lastStatus !== undefined ||
    done !== known.done ||
    (update.stream !== undefined && update.stream !== known.stream) ||
    update.usage !== undefined ||
    update.error !== undefined;
  if (!changed) return undefined;
  const next: LiveRunMeta = { ...known, seq: update.seq };
  if (lastStatus !== undefined) next.status = lastStatus;
  if (update.stream !== undefined) next.stream = update.stream;
  if (update.usage !== undefined) next.usage = update.usage;
  if (update.error !== undefined) next.error = update.error;
  next.done = done || known.done;
  if (next.done && !known.done && next.finishedAt === undefined) {
    next.finishedAt = new Date().toISOString();
  }
  return next;
}

/** Live runs started on a deal, newest first. */
export function runsForDeal(live: Record<string, LiveRunMeta>, dealId: string): LiveRunMeta[] {
  return Object.values(live)
    .filter((r) => r.dealId === dealId)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

export function isActiveStatus(status: string): boolean {
  return status === 'created' || status === 'queued' || status === 'running';
}

// Starting a prep whose record is claimed (auto-prep.ts at its time, prepare-now.ts when the
// user asks): the run started as Prepare starts it, and what the service answered recorded, so a
// 503 is tried again later and anything else says why the prep did not run.
import type { AutoPrepSkipReason } from '../../contract';
import { prepareMessage } from '../../domain/briefings/prepare';
import { toAssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { AutoPrepOptions } from './options';
import type { PrepProgress, PrepRecord } from './records';

/** Waits after a 503, one per attempt; after the last, the prep has failed. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;

/** What the automatic prep keeps while it runs, shared by its parts. */
export interface Context {
  options: AutoPrepOptions;
  runIds: Set<string>;
  /** A started run's `running` record being written: its finish may be heard before it lands. */
  recording: Map<string, Promise<void>>;
  /**
   * Runs heard finishing before they were known as preps: a fast run can end before the service's
   * answer to starting it has reached us. Bounded; a prep's is taken as soon as it is known.
   */
  finishedEarly: Map<string, string>;
  /** Its finish recorded (ready or skipped), its notification given, pages told. */
  finish(runId: string, status: string): Promise<void>;
}
export const translatorOf = (options: AutoPrepOptions) => options.translator?.() ?? coreWords();

export async function setProgress(
  context: Context,
  record: PrepRecord,
  progress: PrepProgress,
): Promise<void> {
  await context.options.records.update({ ...record, progress });
}

/** Starts a claimed prep; what the service answered decides what is recorded. */
export async function startClaimed(context: Context, record: PrepRecord, attempts: number) {
  const { options } = context;
  const now = () => options.now();
  try {
    const { runId } = await options.startRun({
      agentId: record.agentId,
      dealId: record.dealId ?? '',
      message: prepareMessage(translatorOf(options).t),
    });
    context.runIds.add(runId);
    const running = setProgress(context, record, {
      status: 'running',
      runId,
      startedAt: now().toISOString(),
    });
    context.recording.set(runId, running);
    try {
      await running;
    } finally {
      context.recording.delete(runId);
    }
    options.log.info('Automatic prep started', { runId });
    const early = context.finishedEarly.get(runId);
    if (early !== undefined) {
      context.finishedEarly.delete(runId);
      await context.finish(runId, early);
    }
  } catch (thrown) {
    const error = toAssistantError(thrown);
    const wait = BACKOFF_MS[attempts - 1];
    if (error.status === 503 && wait !== undefined) {
      const retryAt = new Date(now().getTime() + wait).toISOString();
      await setProgress(context, record, { status: 'waiting', attempts, retryAt });
      options.log.info('Automatic prep backs off after a 503', { retryAt });
      return;
    }
    // A 429 is the service's quota or rate limit: asking again cannot be right.
    const reason: AutoPrepSkipReason =
      error.status === 429 ? 'rate-limited' : error.kind === 'quota' ? 'quota' : 'failed';
    await setProgress(context, record, { status: 'skipped', reason, at: now().toISOString() });
    options.log.warn('Automatic prep could not start', { reason, error: error.toData() });
  }
}

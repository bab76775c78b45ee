// What a run's transcript says about the run (its `meta.json`): written by the transcript writer,
// read back by the store, retention and the live runs' summaries.
import { z } from 'zod';
import { ErrorData, JsonObject, Timestamp } from '../../contract/common';
import { UsageSchema } from '../stream/events';

export const TranscriptMeta = z.object({
  version: z.literal(1),
  runId: z.string().min(1),
  /** The origin of the service the run belongs to (absent in transcripts from before). */
  service: z.string().optional(),
  agentId: z.string().optional(),
  dealId: z.string().optional(),
  message: z.string().optional(),
  /** The rest of the run's `input` and `context` as sent (other keys are "not shown"). */
  input: JsonObject.optional(),
  context: JsonObject.optional(),
  status: z.string().optional(),
  /** The run reached a final state; it will not be followed again. */
  done: z.boolean(),
  /** Following stopped for good (e.g. the run no longer exists); not resumed on restart. */
  abandoned: z.boolean().optional(),
  lastEventId: z.string().optional(),
  startedAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Timestamp.optional(),
  usage: UsageSchema.optional(),
  error: ErrorData.optional(),
  eventCount: z.number().int().nonnegative(),
  textLength: z.number().int().nonnegative(),
});
export type TranscriptMeta = z.infer<typeof TranscriptMeta>;

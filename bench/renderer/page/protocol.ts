// What the Node side and the page scripts exchange. The schemas check what comes back from the
// page (a boundary like any other); page scripts import only the types.
import { z } from 'zod';

export const ProbeConfig = z.object({
  /** The element the streamed text is rendered into (the app's output region, the minimal page's). */
  rootSelector: z.string().min(1),
  /**
   * `append`: the page only appends text nodes to the root (the minimal page); the probe counts
   * what is appended. `scan`: the page re-renders freely (the app, virtualised markdown); the
   * probe reads the root's text after every DOM change.
   */
  mode: z.enum(['append', 'scan']),
  /** `append`: the text is complete once this many characters were appended. */
  expectedLength: z.number().int().nonnegative(),
  /** `scan`: the text is complete once the root's normalised text ends with this. */
  expectedTail: z.string(),
  /**
   * The page shows the run's end too (the app's status line): inside the root's closest
   * `container`, an element matching `selector` has text ending with `textEnd` (the line names
   * the agent first: "Deal coach: Done"). Absent: the text alone is enough.
   */
  finished: z
    .object({ container: z.string().min(1), selector: z.string().min(1), textEnd: z.string() })
    .optional(),
});
export type ProbeConfig = z.infer<typeof ProbeConfig>;

export const LongTask = z.object({
  /** Epoch milliseconds. */
  start: z.number(),
  duration: z.number(),
});
export type LongTask = z.infer<typeof LongTask>;

export const ProbeResult = z.object({
  /** [marker number, epoch ms when the DOM showing it had been rendered]. */
  markers: z.array(z.tuple([z.number().int(), z.number()])),
  /** Epoch ms when the whole text was in the DOM and rendered; null while not yet. */
  completeAt: z.number().nullable(),
  frames: z.number().int(),
});
export type ProbeResult = z.infer<typeof ProbeResult>;

export const ProbeSample = z.object({
  frames: z.number().int(),
  at: z.number(),
});
export type ProbeSample = z.infer<typeof ProbeSample>;

export const LongTaskReport = z.object({
  longTasks: z.array(LongTask),
  longAnimationFrames: z.array(
    LongTask.extend({
      blockingDuration: z.number(),
      /** The frame's longest script: what ran it, where, for how long. */
      script: z.string(),
    }),
  ),
  supported: z.object({ longtask: z.boolean(), longAnimationFrame: z.boolean() }),
});
export type LongTaskReport = z.infer<typeof LongTaskReport>;

/** What the probe sees now, for the error message when the text never completes. */
export const ProbeInspection = z.object({
  rootFound: z.boolean(),
  appended: z.number(),
  /** The end of the root's normalised text. */
  textEnd: z.string(),
  scroll: z.string(),
});
export type ProbeInspection = z.infer<typeof ProbeInspection>;

/** The answer of `whenDone`: done, or what the probe saw when the time ran out. */
export const ProbeDone = z.discriminatedUnion('done', [
  z.object({ done: z.literal(true) }),
  z.object({ done: z.literal(false), seen: ProbeInspection }),
]);
export type ProbeDone = z.infer<typeof ProbeDone>;

export interface ProbeApi {
  arm(config: ProbeConfig): void;
  inspect(): ProbeInspection;
  result(): ProbeResult;
  sample(): ProbeSample;
  longTasks(sinceEpochMs: number): LongTaskReport;
  /**
   * Settles when the whole text is rendered (and the end shown, when configured), checked in the
   * probe's own frame callback: one call, instead of the bench polling the page, whose code
   * would otherwise be compiled and kept in the very heap being measured.
   */
  whenDone(timeoutMs: number): Promise<ProbeDone>;
}

export const MinimalStart = z.object({
  agentId: z.string(),
  message: z.string(),
  dealId: z.string(),
  tokens: z.number().int().positive(),
  tokensPerSecond: z.number().positive().optional(),
});
export type MinimalStart = z.infer<typeof MinimalStart>;

export const MinimalStarted = z.object({ runId: z.string().min(1) });

export const MinimalStatus = z.object({
  done: z.boolean(),
  error: z.string().nullable(),
  events: z.number().int(),
});
export type MinimalStatus = z.infer<typeof MinimalStatus>;

export interface MinimalApi {
  /** Creates the run (POST /runs, same origin) and reads its stream with EventSource. */
  start(input: MinimalStart): Promise<{ runId: string }>;
  status(): MinimalStatus;
  /** Empties the page for the next run. */
  clear(): void;
}

// When the app looks for updates and how patiently it retries. Plain data so the host can take
// it from settings or tests can shrink it; validated because it may come from a file.

import { z } from 'zod';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const UpdatePolicySchema = z.object({
  /** First check after start: soon, but not competing with the first window and service calls. */
  startupDelayMs: z.number().int().nonnegative().default(10_000),
  /** Time between checks while the app keeps running. */
  checkIntervalMs: z.number().int().positive().default(DAY),
  /** First retry after a failed check or download; doubles each further failure. */
  retryBaseMs: z
    .number()
    .int()
    .positive()
    .default(15 * MINUTE),
  /** Retries never wait longer than this (a failing feed is still tried daily). */
  retryMaxMs: z.number().int().positive().default(DAY),
  /** Install a downloaded update when the user quits (electron-updater's autoInstallOnAppQuit). */
  installOnQuit: z.boolean().default(true),
  /** While a restart waits for a live run to end, how often the run state is looked at again. */
  deferredRestartPollMs: z.number().int().positive().default(5_000),
});
export type UpdatePolicy = z.infer<typeof UpdatePolicySchema>;
export type UpdatePolicyInput = z.input<typeof UpdatePolicySchema>;

export function resolveUpdatePolicy(input: UpdatePolicyInput = {}): UpdatePolicy {
  return UpdatePolicySchema.parse(input);
}

/**
 * Delay before retry number `attempt` (1-based): exponential from retryBaseMs, capped at
 * retryMaxMs, spread by ±20% so a fleet that failed together does not retry together.
 * `random` returns [0, 1); 0.5 means no spread.
 */
export function retryDelayMs(
  policy: UpdatePolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const raw = Math.min(policy.retryBaseMs * 2 ** exponent, policy.retryMaxMs);
  const spread = 0.8 + 0.4 * Math.min(Math.max(random(), 0), 1);
  return Math.round(Math.min(raw * spread, policy.retryMaxMs));
}

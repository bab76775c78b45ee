// The service's documented shapes (spec §2.1-2.4 and §7). Documented fields are checked strictly
// by type; everything the document leaves "not shown" is kept as it came (`looseObject` keeps
// unknown keys), so a newer service never breaks this client and no data is dropped.

import { z } from 'zod';

const text = (what = 'string') => z.string({ error: `expected ${what}` });
const integer = () => z.int({ error: 'expected integer' });
const quota = () => z.int({ error: 'expected integer or null' }).nullable();
const flag = () => z.boolean({ error: 'expected boolean' });

/** §2.1: every successful answer. `data` is narrowed per endpoint. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({
    data,
    requestId: text(),
    version: text(),
  });
}

/** The payload of endpoints whose shape is not shown: any JSON object, kept whole. */
export const AnyObject = z.record(z.string(), z.unknown(), { error: 'expected object' });
export type AnyObject = z.infer<typeof AnyObject>;

/** §2.2. Scopes and capabilities beyond the ones shown are accepted and kept. */
export const Metadata = z.looseObject({
  service: text(),
  version: text(),
  environment: text(),
  org: z.looseObject({ id: text(), name: text() }, { error: 'expected object' }),
  principal: z.looseObject(
    {
      type: text(),
      authMode: text(),
      userId: text(),
      scopes: z.array(text(), { error: 'expected array of strings' }),
    },
    { error: 'expected object' },
  ),
  capabilities: z.looseObject(
    {
      streaming: flag(),
      runs: flag(),
      briefings: flag(),
      deals: flag(),
      tokens: flag(),
      usage: flag(),
    },
    { error: 'expected object' },
  ),
});
export type Metadata = z.infer<typeof Metadata>;

// A list of names alike in shape only with others (notifications' NOTIFICATION_KINDS).
/** Scope values shown in §2.2; others may appear and are kept. */
export const KNOWN_SCOPES = [
  'agents:read',
  'runs:read',
  'runs:write',
  'briefings:read',
  'deals:read',
] as const;

/** §2.3 run creation body. Other keys of `input` and `context` are not shown, so they pass. */
export const CreateRunInput = z.looseObject({
  agentId: text(),
  input: z.looseObject({ message: text() }, { error: 'expected object' }),
  context: z.looseObject({ dealId: text() }, { error: 'expected object' }),
});
export type CreateRunInput = z.infer<typeof CreateRunInput>;

/** §2.3 / §4.5 answer to POST /runs. Status is any string: only `created` is shown. */
export const RunCreated = z.looseObject({
  runId: text(),
  status: text(),
  agentId: text(),
});
export type RunCreated = z.infer<typeof RunCreated>;

/**
 * A run record from GET /runs/{id} or the runs list: its payload is not shown, so the three
 * documented run fields are type-checked when present and everything else is kept.
 */
export const RunRecordData = z.looseObject({
  runId: text().optional(),
  status: text().optional(),
  agentId: text().optional(),
});
export type RunRecordData = z.infer<typeof RunRecordData>;

/** The one status value the spec shows. Every other string is valid too. */
export const RUN_STATUS_CREATED = 'created';

/** ISO 8601 timestamp; precision and offset are tolerated, the format is not. */
const timestamp = () => z.iso.datetime({ offset: true, error: 'expected ISO 8601 timestamp' });

/** §2.4. */
export const UsageSummary = z.looseObject({
  billingPeriod: z.looseObject(
    { start: timestamp(), end: timestamp() },
    { error: 'expected object' },
  ),
  requests: z.looseObject({ count: integer(), limit: quota() }, { error: 'expected object' }),
  runs: z.looseObject({ count: integer(), limit: quota() }, { error: 'expected object' }),
  tokens: z.looseObject(
    { input: integer(), output: integer(), limit: quota() },
    { error: 'expected object' },
  ),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

/** §7. */
export const ErrorEnvelope = z.looseObject({
  error: z.looseObject({ code: text(), message: text() }),
  requestId: text().optional(),
  version: text().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The one error code the spec names. */
export const ERROR_CODE_UNAUTHORIZED = 'unauthorized';

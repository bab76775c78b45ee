// The body of POST /runs: its schema (spec 2.3 plus the demo-only `input.demo` keys), the checks
// against known agents and deals, and the plan the run engine follows.
import { z } from 'zod';
import type { Agent } from './data/agents';
import { findAgent } from './data/agents';
import type { DealDetail } from './data/deals';
import { writeRun } from './data/run-writer';
import { countTokens } from './data/text';
import { ApiError } from './http/envelope';
import { validationFailed } from './http/errors';
import { issuesToDetails } from './http/issues';
import type { RunPlan } from './runs/types';
import type { ServiceState } from './state';

export const AGENT_ID_PATTERN = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_MESSAGE_LENGTH = 32_000;
export const MAX_DEMO_TOKENS = 200_000;
/** Instructions and retrieved deal context an agent would read besides the message. */
const PROMPT_OVERHEAD_TOKENS = 120;

const required = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

/** Demo-only switches; strict, so a misspelt key is reported instead of ignored. */
const DemoKeys = z.strictObject(
  {
    fail: z.boolean({ error: 'must be true or false' }).optional(),
    failAfterTokens: z.int({ error: 'must be an integer' }).min(0).optional(),
    tokens: z.int({ error: 'must be an integer' }).min(1).max(MAX_DEMO_TOKENS).optional(),
    tokensPerSecond: z.number({ error: 'must be a number' }).positive().max(1_000_000).optional(),
  },
  { error: 'must be an object with fail, failAfterTokens, tokens or tokensPerSecond' },
);

export const CreateRunBody = z.object(
  {
    agentId: z
      .string({ error: required('a string') })
      .regex(
        AGENT_ID_PATTERN,
        'must be <namespace>.<agent_name>, lower case, e.g. sales.deal_coach',
      ),
    input: z.looseObject(
      {
        message: z
          .string({ error: required('a string') })
          .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`)
          .refine((m) => m.trim() !== '', 'must not be empty'),
        demo: DemoKeys.optional(),
      },
      { error: required('an object') },
    ),
    context: z.looseObject(
      { dealId: z.string({ error: required('a string') }).regex(UUID_PATTERN, 'must be a UUID') },
      { error: required('an object') },
    ),
  },
  { error: 'the body must be a JSON object' },
);
export type CreateRunBody = z.infer<typeof CreateRunBody>;

export interface AcceptedRun {
  body: CreateRunBody;
  agent: Agent;
  deal: DealDetail;
}

export function acceptRunBody(raw: unknown, state: ServiceState): AcceptedRun {
  const parsed = CreateRunBody.safeParse(raw);
  if (!parsed.success) throw validationFailed(issuesToDetails(parsed.error.issues));
  const body = parsed.data;
  const agent = findAgent(body.agentId);
  if (agent === undefined) {
    throw new ApiError({
      status: 422,
      code: 'unknown_agent',
      message: `agentId "${body.agentId}" is not an agent of this service (see GET /agents).`,
      details: [{ path: 'agentId', message: 'no such agent' }],
      extra: { fields: ['agentId'] },
    });
  }
  const deal = state.deals.get(body.context.dealId);
  if (deal === undefined) {
    throw new ApiError({
      status: 422,
      code: 'unknown_deal',
      message: `context.dealId "${body.context.dealId}" is not a deal of this service (see GET /deals).`,
      details: [{ path: 'context.dealId', message: 'no such deal' }],
      extra: { fields: ['context.dealId'] },
    });
  }
  return { body, agent, deal };
}

export function planRun(
  accepted: AcceptedRun,
  settings: { failRuns: boolean; runTokens: number | null },
): RunPlan {
  const { body, agent, deal } = accepted;
  const { failRuns } = settings;
  const demo = body.input.demo ?? {};
  const tokens = demo.tokens ?? settings.runTokens ?? undefined;
  const script = writeRun({
    agent,
    deal,
    message: body.input.message,
    ...(tokens === undefined ? {} : { tokens }),
  });
  // An explicit `demo.fail: false` wins over the server switch and the #fail marker.
  const fails =
    demo.fail ??
    (failRuns || demo.failAfterTokens !== undefined || /#fail\b/i.test(body.input.message));
  // Fail strictly before the end, so a failing run always fails.
  const failAt = Math.min(
    demo.failAfterTokens ?? Math.floor(script.total / 2),
    Math.max(0, script.total - 1),
  );
  return {
    tokens: script.tokens,
    total: script.total,
    inputTokens: PROMPT_OVERHEAD_TOKENS + countTokens(body.input.message) + countTokens(deal.notes),
    failAfterTokens: fails ? failAt : null,
    tokensPerSecond: demo.tokensPerSecond ?? null,
  };
}

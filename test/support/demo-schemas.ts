// What the tests expect the demo service to answer, written from the API document and
// docs/demo-service.md (not from the service's code): envelopes strictly, payloads with the
// fields tests use.
import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.strictObject({ data, requestId: z.string().min(1), version: z.literal('v1') });

export const ErrorDetail = z.strictObject({ path: z.string(), message: z.string() });

export const ErrorEnvelope = z.strictObject({
  error: z.looseObject({
    code: z.string().min(1),
    message: z.string().min(1),
    details: z.array(ErrorDetail).optional(),
    fields: z.array(z.string()).optional(),
  }),
  requestId: z.string().min(1),
  version: z.literal('v1'),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const Metadata = z.strictObject({
  service: z.string().min(1),
  version: z.literal('v1'),
  environment: z.literal('demo'),
  org: z.strictObject({ id: z.string().min(1), name: z.string().min(1) }),
  principal: z.strictObject({
    type: z.literal('user'),
    authMode: z.literal('session'),
    userId: z.string().min(1),
    scopes: z.array(z.string()),
  }),
  capabilities: z.strictObject({
    streaming: z.literal(true),
    runs: z.literal(true),
    briefings: z.literal(true),
    deals: z.literal(true),
    tokens: z.literal(false),
    usage: z.literal(true),
  }),
});

export const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    items: z.array(item),
    total: z.int().min(0),
    limit: z.int().min(1),
    offset: z.int().min(0),
  });

export const Agent = z.looseObject({
  id: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/),
  name: z.string().min(1),
  description: z.string().min(1),
});
export const AgentList = z.strictObject({ items: z.array(Agent), total: z.int() });

export const Contact = z.strictObject({
  name: z.string().min(1),
  role: z.string().min(1),
  email: z.email(),
});

export const DealSummary = z.looseObject({
  id: z.uuid(),
  name: z.string().min(1),
  account: z.string().min(1),
  stage: z.string().min(1),
  amount: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  closeDate: z.iso.date(),
  owner: z.looseObject({ id: z.string(), name: z.string() }),
  nextStep: z.string().min(1),
  contacts: z.array(Contact).min(1),
});

export const DealDetail = DealSummary.extend({
  notes: z.string().min(1),
  products: z
    .array(
      z.looseObject({
        sku: z.string(),
        quantity: z.number(),
        unitPrice: z.number(),
        total: z.number(),
      }),
    )
    .min(1),
  activities: z
    .array(z.looseObject({ type: z.string(), at: z.iso.datetime(), summary: z.string() }))
    .min(1),
});

const DealRef = z.strictObject({ dealId: z.uuid(), name: z.string().min(1) });

export const MorningBriefing = z.looseObject({
  date: z.iso.date(),
  generatedAt: z.iso.datetime(),
  headline: z.string().min(1),
  sections: z
    .array(
      z.looseObject({
        title: z.string().min(1),
        body: z.string().min(1),
        dealRefs: z.array(DealRef),
      }),
    )
    .min(1),
  deals: z.array(DealRef).min(1),
  meetings: z
    .array(
      z.looseObject({
        id: z.string(),
        title: z.string(),
        startsAt: z.iso.datetime(),
        endsAt: z.iso.datetime(),
        dealId: z.uuid(),
      }),
    )
    .min(1),
});

export const MeetingBriefing = z.looseObject({
  id: z.string().min(1),
  title: z.string().min(1),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  dealId: z.uuid(),
  attendees: z.array(z.looseObject({ name: z.string(), email: z.email() })).min(1),
  agenda: z.array(z.string()).min(1),
  talkingPoints: z.array(z.string()).min(1),
});

export const RunCreated = z.strictObject({
  runId: z.string().min(1),
  status: z.literal('created'),
  agentId: z.string(),
});

const RunError = z.strictObject({ code: z.string().min(1), message: z.string().min(1) });
const Usage = z.strictObject({ inputTokens: z.int().min(0), outputTokens: z.int().min(0) });
const nullableTime = z.iso.datetime().nullable();

export const RunSummary = z.strictObject({
  runId: z.string().min(1),
  agentId: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
  queuedAt: nullableTime,
  startedAt: nullableTime,
  finishedAt: nullableTime,
  input: z.looseObject({ message: z.string() }),
  context: z.looseObject({ dealId: z.string() }),
  error: RunError.nullable(),
  usage: Usage,
  lastEventId: z.int().min(0),
});
export const RunRecord = RunSummary.extend({
  output: z.string().nullable(),
  partialOutput: z.string().nullable(),
});
export type RunRecord = z.infer<typeof RunRecord>;

export const UsageSummary = z.strictObject({
  billingPeriod: z.strictObject({
    start: z.iso.datetime({ precision: 3 }),
    end: z.iso.datetime({ precision: 3 }),
  }),
  requests: z.strictObject({ count: z.int().min(0), limit: z.int().nullable() }),
  runs: z.strictObject({ count: z.int().min(0), limit: z.int().nullable() }),
  tokens: z.strictObject({
    input: z.int().min(0),
    output: z.int().min(0),
    limit: z.int().nullable(),
  }),
});

export const StatusEvent = z.strictObject({
  status: z.string(),
  at: z.iso.datetime(),
  error: RunError.optional(),
});
export const DeltaEvent = z.strictObject({ text: z.string() });
export const DoneEvent = z.strictObject({
  status: z.string(),
  usage: Usage,
  error: RunError.optional(),
  finishedAt: z.iso.datetime(),
});

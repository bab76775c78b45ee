import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaError } from '../../../../electron/core/api/response-errors';
import {
  ErrorEnvelope,
  Metadata,
  RunCreated,
  successEnvelope,
  UsageSummary,
} from '../../../../electron/core/api/schemas';

export const metadata = {
  service: 'assistant',
  version: 'v1',
  environment: 'demo',
  org: { id: 'org_1', name: 'Acme Sales' },
  principal: {
    type: 'user',
    authMode: 'session',
    userId: 'user_1',
    scopes: ['agents:read', 'runs:read', 'runs:write', 'briefings:read', 'deals:read'],
  },
  capabilities: {
    streaming: true,
    runs: true,
    briefings: true,
    deals: true,
    tokens: false,
    usage: true,
  },
};

export const usage = {
  billingPeriod: { start: '2025-03-01T00:00:00.000Z', end: '2025-04-01T00:00:00.000Z' },
  requests: { count: 120, limit: 1000 },
  runs: { count: 8, limit: 10 },
  tokens: { input: 1200, output: 3400, limit: null },
};

// Keys that are not documented anywhere, with any JSON value.
const extraFields = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((k) => !['__proto__', 'constructor'].includes(k)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 5 },
);

function messageOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
  prefix = 'data',
) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a mismatch');
  return schemaError(result.error as never, value, { pathPrefix: prefix });
}

describe('metadata (§2.2)', () => {
  it('accepts the documented shape', () => {
    expect(Metadata.parse(metadata)).toEqual(metadata);
  });

  it('keeps undocumented fields at every level, and other scopes and capabilities', () => {
    fc.assert(
      fc.property(
        extraFields,
        extraFields,
        extraFields,
        fc.array(fc.string()),
        (top, principal, caps, scopes) => {
          const value = {
            ...top,
            ...metadata,
            principal: {
              ...principal,
              ...metadata.principal,
              scopes: [...metadata.principal.scopes, ...scopes],
            },
            capabilities: { ...caps, ...metadata.capabilities, exports: 'maybe' },
          };
          expect(Metadata.parse(value)).toEqual(value);
        },
      ),
    );
  });

  it('names the field of a documented value of the wrong type', () => {
    const bad = { ...metadata, capabilities: { ...metadata.capabilities, streaming: 'yes' } };
    const error = messageOf(Metadata, bad);
    expect(error.kind).toBe('schema');
    expect(error.field).toBe('data.capabilities.streaming');
    expect(error.message).toContain('data.capabilities.streaming: expected boolean, got string');
  });

  it('reports a missing documented field as missing', () => {
    const { environment: _drop, ...bad } = metadata;
    const error = messageOf(Metadata, bad);
    expect(error.message).toContain('data.environment: missing');
  });
});

describe('usage summary (§2.4)', () => {
  it('accepts integer or null limits and keeps extra fields', () => {
    const value = { ...usage, tokens: { ...usage.tokens, cached: 5 }, note: 'x' };
    expect(UsageSummary.parse(value)).toEqual(value);
  });

  it('refuses a non-integer count, naming the path', () => {
    const error = messageOf(UsageSummary, { ...usage, runs: { count: 1.5, limit: 10 } });
    expect(error.field).toBe('data.runs.count');
    expect(error.message).toContain('data.runs.count: expected integer, got non-integer number');
  });

  it('refuses a string limit and a timestamp that is not ISO 8601', () => {
    expect(
      messageOf(UsageSummary, { ...usage, runs: { count: 1, limit: '10' } }).message,
    ).toContain('data.runs.limit: expected integer or null, got string');
    expect(
      messageOf(UsageSummary, {
        ...usage,
        billingPeriod: { ...usage.billingPeriod, end: 'next month' },
      }).message,
    ).toContain('data.billingPeriod.end: expected ISO 8601 timestamp');
  });
});

describe('run creation answer (§2.3)', () => {
  it('accepts any status string and keeps other fields', () => {
    fc.assert(
      fc.property(fc.string(), extraFields, (status, extra) => {
        const value = { ...extra, runId: 'run_1', status, agentId: 'sales.briefer' };
        expect(RunCreated.parse(value)).toEqual(value);
      }),
    );
  });

  it('requires runId, status and agentId as strings', () => {
    expect(messageOf(RunCreated, { runId: 5, status: 'created', agentId: 'a.b' }).field).toBe(
      'data.runId',
    );
  });
});

describe('envelopes (§2.1, §7)', () => {
  it('keeps unknown envelope fields and checks requestId and version', () => {
    const schema = successEnvelope(Metadata);
    fc.assert(
      fc.property(extraFields, (extra) => {
        const value = { ...extra, data: metadata, requestId: 'req_1', version: 'v1' };
        expect(schema.parse(value)).toEqual(value);
      }),
    );
    expect(messageOf(schema, { data: metadata, requestId: 1, version: 'v1' }, '').field).toBe(
      'requestId',
    );
  });

  it('reads the error envelope', () => {
    const value = {
      error: { code: 'unauthorized', message: 'Authentication required.' },
      requestId: 'r',
      version: 'v1',
    };
    expect(ErrorEnvelope.parse(value).error.code).toBe('unauthorized');
  });
});

// The contract both ways: every request's input and output and every event's payload accept
// what they should and refuse what they should not, and a call through the host wrapper and the
// renderer's bridge is answered with a result, never a crash.
import { describe, expect, it } from 'vitest';
import {
  events,
  eventNames,
  requestNames,
  requests,
  resultSchema,
  type RequestName,
  type RunUpdate,
} from '../../../electron/contract';
import { createDispatcher, type Handlers } from '../../../electron/core/host';
import { createSilentLogger } from '../../../electron/core/logs/logger';
import { createBridge } from '../../../src/platform/bridge/transport';
import { badInputs, eventSamples, requestSamples } from './samples';

function sampleHandlers(): Handlers {
  const handlers: Record<string, () => unknown> = {};
  for (const name of requestNames) handlers[name] = () => requestSamples[name].output;
  return handlers as unknown as Handlers;
}

describe('request schemas', () => {
  it.each(requestNames)('%s accepts its sample input and output', (name) => {
    const sample = requestSamples[name];
    expect(requests[name].input.safeParse(sample.input).success).toBe(true);
    expect(requests[name].output.safeParse(sample.output).success).toBe(true);
  });

  it.each(requestNames)('%s refuses unknown input keys and non-object input', (name) => {
    const input = requests[name].input;
    expect(input.safeParse({ ...(requestSamples[name].input as object), extra: 1 }).success).toBe(
      false,
    );
    expect(input.safeParse('text').success).toBe(false);
    expect(input.safeParse(null).success).toBe(false);
  });

  // Settings are the one output with defaults (a partial settings file must still load), so a
  // wrong shape for them is a wrong value rather than a missing one.
  const wrongShape = (name: RequestName): unknown =>
    name === 'settings.get' || name === 'settings.update'
      ? { theme: 'purple' }
      : { unexpected: true };

  it.each(requestNames)('%s refuses an output of the wrong shape', (name) => {
    expect(requests[name].output.safeParse(wrongShape(name)).success).toBe(false);
    expect(requests[name].output.safeParse('text').success).toBe(false);
  });

  const bad = Object.entries(badInputs).flatMap(([name, cases]) =>
    (cases ?? []).map((entry) => [name as RequestName, entry] as const),
  );
  it.each(bad)('%s refuses %j', (name, { input }) => {
    expect(requests[name].input.safeParse(input).success).toBe(false);
  });

  it('never carries the session token out: no output schema has a token field', () => {
    for (const name of requestNames) {
      const parsed = requests[name].output.safeParse(requestSamples[name].output);
      expect(JSON.stringify(parsed.data)).not.toMatch(/"token"\s*:/);
    }
  });
});

describe('event schemas', () => {
  it.each(eventNames)('%s accepts its sample payload', (name) => {
    expect(events[name].safeParse(eventSamples[name]).success).toBe(true);
  });

  it.each(eventNames)('%s refuses a payload of the wrong shape', (name) => {
    expect(events[name].safeParse(null).success).toBe(false);
    expect(events[name].safeParse('text').success).toBe(false);
    expect(events[name].safeParse([eventSamples[name]]).success).toBe(false);
  });

  const oneUpdate = eventSamples['run.update'].updates[0] as RunUpdate;

  it('refuses a run.update whose sequence number is not a positive integer', () => {
    for (const seq of [0, 1.5]) {
      expect(events['run.update'].safeParse({ updates: [{ ...oneUpdate, seq }] }).success).toBe(
        false,
      );
    }
  });

  it('refuses a run.update without any run batch, or with a bare batch not in a list', () => {
    expect(events['run.update'].safeParse({ updates: [] }).success).toBe(false);
    expect(events['run.update'].safeParse(oneUpdate).success).toBe(false);
  });

  it('keeps unknown run statuses and unknown event kinds as they came', () => {
    const parsed = events['run.update'].parse({
      updates: [
        {
          ...oneUpdate,
          statuses: ['waiting_for_human'],
          events: [{ type: 'other', name: 'tool_call', data: '{"tool":"crm"}' }],
        },
      ],
    });
    expect(parsed.updates[0]?.statuses).toEqual(['waiting_for_human']);
    expect(parsed.updates[0]?.events?.[0]).toEqual({
      type: 'other',
      name: 'tool_call',
      data: '{"tool":"crm"}',
    });
  });
});

describe('a call through the host wrapper and the bridge', () => {
  const log = createSilentLogger();
  const dispatch = createDispatcher(sampleHandlers(), { log, secrets: log.secrets });
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge = createBridge({
    invoke: (name, input) => dispatch(name, input, { host: 'test' }),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  const push = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };

  it.each(requestNames)('%s round-trips its sample', async (name) => {
    const result = await bridge.invoke(name, requestSamples[name].input as never);
    expect(result).toEqual({
      ok: true,
      data: requests[name].output.parse(requestSamples[name].output),
    });
    expect(resultSchema(requests[name].output).safeParse(result).success).toBe(true);
  });

  it('answers an unknown request name with an error, on both sides', async () => {
    const viaBridge = await bridge.invoke('nope.nothing' as RequestName, {} as never);
    expect(viaBridge).toMatchObject({ ok: false, error: { code: 'unknown_request' } });
    const viaHost = await dispatch('__proto__', {}, { host: 'test' });
    expect(viaHost).toMatchObject({ ok: false, error: { code: 'unknown_request' } });
    const notAString = await dispatch({ toString: 1 }, {}, { host: 'test' });
    expect(notAString).toMatchObject({ ok: false, error: { code: 'unknown_request' } });
  });

  it('answers a wrong payload with invalid_input naming the field', async () => {
    const result = await bridge.invoke('runs.start', {
      agentId: 'sales.deal_coach',
      message: 'hi',
      dealId: 'nope',
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'dealId', retryable: false },
    });
  });

  it('delivers a valid event and drops a malformed one', () => {
    const seen: unknown[] = [];
    const stop = bridge.on('navigate', (payload) => seen.push(payload));
    push('navigate', { screen: 'usage' });
    push('navigate', { screen: 'nowhere' });
    push('navigate', null);
    stop();
    push('navigate', { screen: 'today' });
    expect(seen).toEqual([{ screen: 'usage' }]);
  });

  it('turns a malformed answer from a host into an error result', async () => {
    const lying = createBridge({
      invoke: async () => ({ ok: true, data: { not: 'an app info' } }),
      on: () => () => {},
    });
    expect(await lying.invoke('app.info', {})).toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
    const failing = createBridge({
      invoke: async () => {
        throw new Error('channel closed');
      },
      on: () => () => {},
    });
    expect(await failing.invoke('app.info', {})).toMatchObject({
      ok: false,
      error: { code: 'host_unreachable', retryable: true },
    });
  });
});

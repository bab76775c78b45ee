// A call is always answered: even a value nested so deep that checking it overflows the stack
// (an answer a hostile service shaped so) becomes an internal_error, never a rejected promise a
// host would leave unanswered.
import { describe, expect, it } from 'vitest';
import { requestNames } from '../../../../electron/contract';
import { createDispatcher, type Handlers } from '../../../../electron/core/host';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import { nestingDepth } from '../../../../electron/shared/json-depth';
import { requestSamples } from '../../contract/samples';

/** `{"a":{"a":…1…}}`, `depth` levels, built from text (no recursion to build it). */
const deep = (depth: number): unknown =>
  JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown;

describe('a value too deep to check', () => {
  it('in a handler’s answer is answered as internal_error', async () => {
    const handlers: Record<string, () => unknown> = {};
    for (const name of requestNames) handlers[name] = () => requestSamples[name].output;
    const sample = requestSamples['deals.get'].output;
    handlers['deals.get'] = () => ({
      ...sample,
      value: { ...sample.value, data: { ...sample.value.data, notes: deep(50_000) } },
    });
    const log = createSilentLogger();
    const dispatch = createDispatcher(handlers as unknown as Handlers, {
      log,
      secrets: log.secrets,
    });
    const result = await dispatch('deals.get', { dealId: 'd1' }, { host: 'test' });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    // …and the next call is answered as usual.
    expect(await dispatch('app.info', {}, { host: 'test' })).toMatchObject({ ok: true });
  });
});

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets in strings, escaped quotes and all', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(nestingDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(nestingDepth('["\\"[[[", "\\\\", [[]]]')).toBe(3);
    expect(nestingDepth(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(100_000);
  });
});

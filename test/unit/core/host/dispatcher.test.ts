// The host wrapper: whatever a caller sends and whatever a handler does, the answer is a Result,
// errors are plain data, bugs become a generic internal_error (details in the log only), and the
// session token never leaves in any string.
import { describe, expect, it } from 'vitest';
import { requestNames, type RequestName } from '../../../../electron/contract';
import { AssistantError } from '../../../../electron/core/errors';
import { createDispatcher, createEventHub, type Handlers } from '../../../../electron/core/host';
import { createLogger, type LogEntry } from '../../../../electron/core/logs/logger';
import { badInputs, eventSamples, requestSamples } from '../../contract/samples';

const TOKEN = 'sess_9f8e7d6c5b4a39281706';

function setup(overrides: Partial<Record<RequestName, (input: unknown) => unknown>> = {}) {
  const entries: LogEntry[] = [];
  const errors: Array<{ name: string; code: string }> = [];
  const log = createLogger({ level: 'debug', onEntry: (entry) => entries.push(entry) });
  log.secrets.add(TOKEN);
  const handlers: Record<string, (input: unknown) => unknown> = {};
  for (const name of requestNames) {
    handlers[name] = overrides[name] ?? (() => requestSamples[name].output);
  }
  const dispatch = createDispatcher(handlers as unknown as Handlers, {
    log,
    secrets: log.secrets,
    onError: (name, error) => errors.push({ name, code: error.code }),
  });
  const call = (name: unknown, input: unknown) => dispatch(name, input, { host: 'test' });
  return { call, entries, errors, log };
}

describe('createDispatcher', () => {
  const cases = Object.entries(badInputs).flatMap(([name, list]) =>
    (list ?? []).map((entry) => [name, entry] as const),
  );
  it.each(cases)('refuses bad input to %s, naming the field (%j)', async (name, bad) => {
    const { call } = setup();
    const result = await call(name, bad.input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.retryable).toBe(false);
    if (bad.field) {
      expect(result.error.field).toBe(bad.field);
      expect(result.error.message).toContain(bad.field);
    }
  });

  it('does not call the handler when the input is refused', async () => {
    let called = false;
    const { call } = setup({
      'runs.cancel': () => {
        called = true;
        return requestSamples['runs.cancel'].output;
      },
    });
    await call('runs.cancel', { runId: 42 });
    expect(called).toBe(false);
  });

  it('turns a handler answering outside the contract into internal_error', async () => {
    const { call, entries } = setup({ 'app.info': () => ({ name: 'x' }) });
    const result = await call('app.info', {});
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'internal_error', retryable: false }),
    });
    expect(
      entries.some((entry) => entry.level === 'error' && entry.fields?.name === 'app.info'),
    ).toBe(true);
  });

  it('passes an AssistantError through as its plain data', async () => {
    const { call, errors } = setup({
      'usage.summary': () => {
        throw new AssistantError({
          kind: 'service',
          code: 'rate_limited',
          message: 'Slow down.',
          status: 429,
          requestId: 'req_123',
          retryable: true,
        });
      },
    });
    expect(await call('usage.summary', {})).toEqual({
      ok: false,
      error: {
        kind: 'service',
        code: 'rate_limited',
        message: 'Slow down.',
        status: 429,
        requestId: 'req_123',
        retryable: true,
      },
    });
    expect(errors).toEqual([{ name: 'usage.summary', code: 'rate_limited' }]);
  });

  it('hides an unexpected error behind a generic message and logs the details', async () => {
    const { call, entries } = setup({
      'agents.list': () => {
        throw new TypeError(`boom with cookie sb-access-token=${TOKEN}`);
      },
    });
    const result = await call('agents.list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(JSON.stringify(result)).not.toContain('boom');
    const logged = entries.find((entry) => entry.level === 'error');
    expect(JSON.stringify(logged)).toContain('boom');
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
  });

  it('scrubs the session token from error messages and from answers', async () => {
    const { call } = setup({
      'deals.list': () => ({
        ...requestSamples['deals.list'].output,
        value: [{ id: 'd1', title: `leaked ${TOKEN}`, data: { note: [`x${TOKEN}y`] } }],
      }),
      'usage.summary': () => {
        throw new AssistantError({ kind: 'network', message: `could not send ${TOKEN}` });
      },
    });
    const deals = await call('deals.list', {});
    expect(deals.ok).toBe(true);
    expect(JSON.stringify(deals)).not.toContain(TOKEN);
    const usage = await call('usage.summary', {});
    expect(usage.ok).toBe(false);
    expect(JSON.stringify(usage)).not.toContain(TOKEN);
  });

  it('survives a handler that rejects with a non-error', async () => {
    const { call } = setup({
      'runs.live': () => Promise.reject('a string'),
    });
    expect(await call('runs.live', {})).toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
  });
});

describe('createEventHub', () => {
  it('validates every payload: a wrong one is logged and never delivered', () => {
    const entries: LogEntry[] = [];
    const log = createLogger({ onEntry: (entry) => entries.push(entry) });
    const hub = createEventHub({ log, secrets: log.secrets });
    const seen: string[] = [];
    const stop = hub.subscribe((name) => seen.push(name));
    hub.emit('navigate', eventSamples.navigate);
    hub.emit('navigate', { screen: 'nowhere' } as never);
    hub.emit('run.update', { updates: [{ runId: 'run_1', seq: -1 } as never] });
    stop();
    hub.emit('navigate', eventSamples.navigate);
    expect(seen).toEqual(['navigate']);
    expect(entries.filter((entry) => entry.level === 'error')).toHaveLength(2);
  });

  it('keeps delivering when one listener throws, and scrubs the token', () => {
    const log = createLogger({ level: 'error' });
    log.secrets.add(TOKEN);
    const hub = createEventHub({ log, secrets: log.secrets });
    const payloads: unknown[] = [];
    hub.subscribe(() => {
      throw new Error('listener bug');
    });
    hub.subscribe((_name, payload) => payloads.push(payload));
    hub.emit('notice', { ...eventSamples.notice, message: `token ${TOKEN}` });
    expect(payloads).toHaveLength(1);
    expect(JSON.stringify(payloads)).not.toContain(TOKEN);
  });
});

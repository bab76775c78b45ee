import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../../electron/core/stream/events';
import { extractUsage, normaliseEvent } from '../../../../electron/core/stream/normalise';
import {
  DONE_FLAGS,
  FINAL_EVENT_NAMES,
  OUTPUT_TEXT_FIELDS,
  TERMINAL_STATUSES,
} from '../../../../electron/core/stream/vocabulary';
import type { SseMessage } from '../../../../electron/core/stream/sse-decoder';

function one(message: SseMessage): RunEvent {
  const events = normaliseEvent(message);
  expect(events).toHaveLength(1);
  return events[0] as RunEvent;
}

const json = (value: unknown): string => JSON.stringify(value);

describe('normalising run events: named JSON events (a typical run service)', () => {
  it('reads status, delta and completion events', () => {
    expect(one({ id: '1', event: 'status', data: json({ status: 'running' }) })).toEqual({
      type: 'status',
      status: 'running',
      name: 'status',
      eventId: '1',
    });
    expect(one({ id: '2', event: 'delta', data: json({ delta: 'Hel' }) })).toEqual({
      type: 'output',
      text: 'Hel',
      name: 'delta',
      eventId: '2',
    });
    expect(
      one({
        id: '3',
        event: 'run.completed',
        data: json({ status: 'succeeded', usage: { inputTokens: 12, outputTokens: 40 } }),
      }),
    ).toEqual({
      type: 'final',
      status: 'succeeded',
      usage: { inputTokens: 12, outputTokens: 40 },
      source: 'stream',
      name: 'run.completed',
      eventId: '3',
    });
  });

  it('keeps text exactly, including whitespace, newlines and non-Latin characters', () => {
    const text = '  Résumé:\n\t• 中文 🙂  ';
    expect(one({ event: 'token', data: json({ token: text }) })).toMatchObject({
      type: 'output',
      text,
    });
  });

  it('reports a terminal status as a status (the follower decides when the run ends)', () => {
    expect(one({ event: 'status', data: json({ status: 'succeeded' }) })).toEqual({
      type: 'status',
      status: 'succeeded',
      name: 'status',
    });
    expect(one({ event: 'update', data: json({ state: 'cancelled' }) })).toMatchObject({
      type: 'status',
      status: 'cancelled',
    });
  });

  it('keeps both the status and the error of a status change that explains itself', () => {
    expect(
      normaliseEvent({
        id: '7',
        event: 'status',
        data: json({ status: 'failed', error: { code: 'agent_crashed', message: 'Boom' } }),
      }),
    ).toEqual([
      { type: 'status', status: 'failed', name: 'status', eventId: '7' },
      { type: 'error', code: 'agent_crashed', message: 'Boom', name: 'status', eventId: '7' },
    ]);
  });

  it('takes the final status from names like run.failed or run_cancelled', () => {
    expect(one({ event: 'run.failed', data: json({ reason: 'x' }) })).toMatchObject({
      type: 'final',
      status: 'failed',
    });
    expect(one({ event: 'run_cancelled', data: '{}' })).toMatchObject({
      type: 'final',
      status: 'cancelled',
    });
    expect(one({ event: 'done', data: '{}' })).toMatchObject({
      type: 'final',
      status: 'completed',
    });
  });

  it('reports error events with code and message', () => {
    expect(
      one({
        event: 'error',
        data: json({ error: { code: 'rate_limited', message: 'Slow down' } }),
      }),
    ).toEqual({
      type: 'error',
      code: 'rate_limited',
      message: 'Slow down',
      name: 'error',
    });
    expect(one({ event: 'error', data: json({ code: 'x', message: 'flat' }) })).toMatchObject({
      type: 'error',
      code: 'x',
      message: 'flat',
    });
  });

  it('keeps unknown events raw, never dropping them', () => {
    expect(
      one({ id: '9', event: 'tool_call', data: json({ tool: 'crm.lookup', args: {} }) }),
    ).toEqual({
      type: 'other',
      name: 'tool_call',
      data: json({ tool: 'crm.lookup', args: {} }),
      eventId: '9',
    });
    expect(one({ data: '[1,2,3]' })).toEqual({ type: 'other', name: 'message', data: '[1,2,3]' });
    expect(one({ event: 'ping', data: '' })).toEqual({ type: 'other', name: 'ping', data: '' });
  });

  it('does not mistake a status that rides with text for the end', () => {
    expect(normaliseEvent({ data: json({ status: 'running', delta: 'a' }) })).toEqual([
      { type: 'status', status: 'running' },
      { type: 'output', text: 'a' },
    ]);
  });
});

describe('normalising run events: other services’ formats', () => {
  it('reads OpenAI chat-completion chunks and the [DONE] sentinel', () => {
    expect(one({ data: json({ choices: [{ index: 0, delta: { content: 'Hi' } }] }) })).toEqual({
      type: 'output',
      text: 'Hi',
    });
    // The first chunk carries only the role: nothing to add, but kept.
    expect(
      one({ data: json({ choices: [{ delta: { role: 'assistant', content: '' } }] }) }).type,
    ).toBe('other');
    expect(one({ data: '[DONE]' })).toEqual({
      type: 'final',
      status: 'completed',
      source: 'stream',
    });
  });

  it('reads OpenAI Responses-style typed events', () => {
    expect(
      one({
        event: 'response.output_text.delta',
        data: json({ type: 'response.output_text.delta', delta: 'Yo' }),
      }),
    ).toMatchObject({
      type: 'output',
      text: 'Yo',
    });
    // `…output_text.done` ends one text part, not the run.
    expect(one({ event: 'response.output_text.done', data: json({ text: 'Yo' }) }).type).not.toBe(
      'final',
    );
    expect(
      one({
        data: json({
          type: 'response.completed',
          response: { status: 'completed', usage: { input_tokens: 5, output_tokens: 7 } },
        }),
      }),
    ).toMatchObject({
      type: 'final',
      status: 'completed',
      usage: { inputTokens: 5, outputTokens: 7 },
      name: 'response.completed',
    });
  });

  it('reads Anthropic-style content_block_delta and message_stop', () => {
    expect(
      one({
        event: 'content_block_delta',
        data: json({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text: 'Bonjour' },
        }),
      }),
    ).toEqual({ type: 'output', text: 'Bonjour', name: 'content_block_delta' });
    expect(
      one({ event: 'content_block_stop', data: json({ type: 'content_block_stop', index: 0 }) })
        .type,
    ).toBe('other');
    expect(one({ event: 'message_stop', data: json({ type: 'message_stop' }) })).toMatchObject({
      type: 'final',
      status: 'completed',
    });
    expect(
      one({
        event: 'error',
        data: json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      }),
    ).toMatchObject({
      type: 'error',
      code: 'overloaded_error',
      message: 'Overloaded',
    });
  });

  it('reads plain-text streams', () => {
    expect(one({ data: 'Hello world' })).toEqual({ type: 'output', text: 'Hello world' });
    expect(one({ data: '42' })).toEqual({ type: 'output', text: '42' });
    expect(one({ event: 'token', data: ' there' })).toEqual({
      type: 'output',
      text: ' there',
      name: 'token',
    });
    expect(one({ data: '"quoted\\nJSON string"' })).toEqual({
      type: 'output',
      text: 'quoted\nJSON string',
    });
    expect(one({ event: 'status', data: 'queued' })).toEqual({
      type: 'status',
      status: 'queued',
      name: 'status',
    });
    expect(one({ event: 'status', data: 'succeeded' })).toMatchObject({
      type: 'status',
      status: 'succeeded',
    });
    expect(one({ event: 'error', data: 'Agent crashed' })).toMatchObject({
      type: 'error',
      code: 'error',
      message: 'Agent crashed',
    });
    expect(one({ event: 'end', data: '' })).toMatchObject({ type: 'final', status: 'completed' });
    expect(one({ event: 'heartbeat', data: '1700000000' })).toEqual({
      type: 'other',
      name: 'heartbeat',
      data: '1700000000',
    });
  });

  it('reads Ollama-style chat lines with a done flag', () => {
    expect(
      one({ data: json({ message: { role: 'assistant', content: 'Hey' }, done: false }) }),
    ).toEqual({
      type: 'output',
      text: 'Hey',
    });
    expect(one({ data: json({ done: true, prompt_eval_count: 3 }) })).toMatchObject({
      type: 'final',
      status: 'completed',
    });
  });

  it('treats malformed JSON as text rather than failing', () => {
    expect(one({ data: '{"delta": "unterminated' })).toEqual({
      type: 'output',
      text: '{"delta": "unterminated',
    });
  });
});

describe('the documented fallback lists', () => {
  it('reads output text from every field of OUTPUT_TEXT_FIELDS, in that order', () => {
    OUTPUT_TEXT_FIELDS.forEach((field, index) => {
      expect(one({ event: 'x', data: json({ [field]: 'hit' }) })).toMatchObject({
        type: 'output',
        text: 'hit',
      });
      // Every later field loses against this one.
      const later = Object.fromEntries(
        OUTPUT_TEXT_FIELDS.slice(index + 1).map((f) => [f, 'later']),
      );
      expect(one({ event: 'x', data: json({ ...later, [field]: 'first' }) })).toMatchObject({
        text: 'first',
      });
    });
  });

  it('ends the run on every name of FINAL_EVENT_NAMES and every DONE_FLAGS flag', () => {
    for (const name of FINAL_EVENT_NAMES) {
      expect(one({ event: name, data: '{}' }).type).toBe('final');
      expect(one({ event: name.toUpperCase(), data: '' }).type).toBe('final');
    }
    for (const flag of DONE_FLAGS) {
      expect(one({ data: json({ [flag]: true }) }).type).toBe('final');
    }
  });

  it('ends with each terminal status named after run.', () => {
    for (const status of TERMINAL_STATUSES) {
      expect(one({ event: `run.${status}`, data: '{}' })).toMatchObject({ type: 'final', status });
    }
    expect(one({ event: 'run.running', data: '{}' }).type).toBe('other');
  });
});

describe('usage under any of the usual keys', () => {
  it.each([
    [{ usage: { inputTokens: 1, outputTokens: 2 } }, { inputTokens: 1, outputTokens: 2 }],
    [{ usage: { input_tokens: 3, output_tokens: 4 } }, { inputTokens: 3, outputTokens: 4 }],
    [{ usage: { prompt_tokens: 5, completion_tokens: 6 } }, { inputTokens: 5, outputTokens: 6 }],
    [{ tokens: { input: 7, output: 8 } }, { inputTokens: 7, outputTokens: 8 }],
    [{ output_tokens: 9 }, { outputTokens: 9 }],
    [{ usage: { inputTokens: -1, outputTokens: 1.5 } }, undefined],
    [{ output: 'text, not a count' }, undefined],
  ])('%j', (payload, usage) => {
    expect(extractUsage(payload)).toEqual(usage);
  });
});

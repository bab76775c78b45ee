// The documented fallbacks by which run events are recognised. The API document shows neither the
// event names nor their payloads (section 6), so the client recognises the common shapes of
// streaming APIs and keeps everything else, raw, as an `other` event. Names are compared in lower
// case; a name is split into words at `.`, `_`, `-`, `:` and spaces.

/** JSON string fields read as output text, in this order (e.g. `{"delta":"Hel"}`). */
export const OUTPUT_TEXT_FIELDS = ['delta', 'text', 'content', 'token', 'chunk'] as const;

/**
 * Nested places read as output text when no flat field holds a string: Anthropic-style
 * `content_block_delta` (`delta.text`), OpenAI chat chunks (`choices[0].delta.content`), legacy
 * completions (`choices[0].text`), Ollama-style chat (`message.content`).
 */
export const OUTPUT_TEXT_PATHS: readonly (readonly (string | number)[])[] = [
  ['delta', 'text'],
  ['delta', 'content'],
  ['choices', 0, 'delta', 'content'],
  ['choices', 0, 'text'],
  ['message', 'content'],
  ['content_block', 'text'],
];

/** Words in an event name that make plain-text (non-JSON) data output text. Unnamed events too. */
export const OUTPUT_EVENT_WORDS = [
  'message',
  'delta',
  'token',
  'text',
  'output',
  'chunk',
  'content',
  'completion',
] as const;

/** Places a status string is read from, in this order. */
export const STATUS_PATHS: readonly (readonly string[])[] = [
  ['status'],
  ['state'],
  ['run', 'status'],
  ['response', 'status'],
];

/** Words in an event name that make plain-text data a status (e.g. `event: status` / `data: running`). */
export const STATUS_EVENT_WORDS = ['status', 'state'] as const;

/** Words in an event name that make it an error (unless it is also the end of the run). */
export const ERROR_EVENT_WORDS = ['error'] as const;

/** Terminal statuses that mean the run did not succeed. */
export const UNSUCCESSFUL_STATUSES = [
  'failed',
  'failure',
  'error',
  'errored',
  'cancelled',
  'canceled',
  'aborted',
  'expired',
  'timed_out',
  'timeout',
  'rejected',
] as const;

/** Statuses after which a run does not change any more. Anything else is shown as it is. */
export const TERMINAL_STATUSES = [
  'succeeded',
  'success',
  'successful',
  'completed',
  'complete',
  'done',
  'finished',
  ...UNSUCCESSFUL_STATUSES,
] as const;

/** Event names that end the run by themselves. */
export const FINAL_EVENT_NAMES = [
  'done',
  'end',
  'complete',
  'completed',
  'final',
  'finish',
  'finished',
  'result',
  'message_stop',
  'response.completed',
  'response.done',
] as const;

/**
 * Event names `…run.<status>` / `…response.<status>` (e.g. `run.completed`, `thread.run.failed`,
 * `run_cancelled`) end the run with that status when it is terminal.
 */
export const RUN_STATUS_EVENT_PATTERN = /^(?:[a-z0-9]+[._:-])*(?:run|response)[._:-]([a-z_]+)$/;

/** Plain-text data that ends the stream (OpenAI's sentinel). */
export const DONE_SENTINELS = ['[DONE]'] as const;

/** JSON booleans that end the run when true (Ollama-style `"done": true`). */
export const DONE_FLAGS = ['done', 'finished'] as const;

/** Where token counts are read: inside `usage` (or `tokens`), else at the top level. */
export const USAGE_CONTAINERS = ['usage', 'tokens'] as const;
export const INPUT_TOKEN_KEYS = [
  'inputTokens',
  'input_tokens',
  'promptTokens',
  'prompt_tokens',
  'input',
] as const;
export const OUTPUT_TOKEN_KEYS = [
  'outputTokens',
  'output_tokens',
  'completionTokens',
  'completion_tokens',
  'output',
] as const;

const terminal: ReadonlySet<string> = new Set(TERMINAL_STATUSES);
const unsuccessful: ReadonlySet<string> = new Set(UNSUCCESSFUL_STATUSES);

export function isTerminalStatus(status: string): boolean {
  return terminal.has(status.trim().toLowerCase());
}

export function isUnsuccessfulStatus(status: string): boolean {
  return unsuccessful.has(status.trim().toLowerCase());
}

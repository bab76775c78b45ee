// The reference page: what a minimal client does with a run stream. It starts the run with one
// same-origin POST, reads the stream with the browser's native EventSource (the session cookie
// rides along), and appends the text received since the last frame once per animation frame.
// Its scroller is `column-reverse`, so the newest text stays in view (and gets painted) without
// any script reading layout.
import { page } from './globals';
import type { PageEventSource } from './globals';
import type { MinimalApi, MinimalStart, MinimalStatus } from './protocol';

const BASE_PATH = '/api/v1/assistant';

let source: PageEventSource | undefined;
let buffer: string[] = [];
let scheduled = false;
let status: MinimalStatus = { done: false, error: null, events: 0 };

function output() {
  const element = page.document.getElementById('out');
  if (element === null) throw new Error('The minimal page has no #out element.');
  return element;
}

function flush(): void {
  scheduled = false;
  if (buffer.length === 0) return;
  const text = buffer.join('');
  buffer = [];
  output().append(page.document.createTextNode(text));
}

function receive(text: string): void {
  buffer.push(text);
  if (!scheduled) {
    scheduled = true;
    page.requestAnimationFrame(flush);
  }
}

function close(): void {
  source?.close();
  source = undefined;
}

function follow(runId: string): void {
  const stream = new page.EventSource(`${BASE_PATH}/runs/${encodeURIComponent(runId)}/stream`);
  source = stream;
  const count = () => {
    status = { ...status, events: status.events + 1 };
  };
  stream.addEventListener('status', count);
  stream.addEventListener('delta', (event) => {
    count();
    const data = JSON.parse(event.data) as { text?: unknown };
    if (typeof data.text === 'string') receive(data.text);
  });
  stream.addEventListener('done', () => {
    count();
    // The service ends the stream after `done`; EventSource would otherwise reconnect.
    close();
    status = { ...status, done: true };
  });
  stream.onerror = () => {
    close();
    if (!status.done) status = { ...status, error: 'The stream failed.' };
  };
}

async function start(input: MinimalStart): Promise<{ runId: string }> {
  close();
  status = { done: false, error: null, events: 0 };
  const demo =
    input.tokensPerSecond === undefined
      ? { tokens: input.tokens }
      : { tokens: input.tokens, tokensPerSecond: input.tokensPerSecond };
  const response = await page.fetch(`${BASE_PATH}/runs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      agentId: input.agentId,
      input: { message: input.message, demo },
      context: { dealId: input.dealId },
    }),
  });
  const body = (await response.json()) as { data?: { runId?: unknown } };
  const runId = body.data?.runId;
  if (!response.ok || typeof runId !== 'string') {
    throw new Error(`POST /runs answered ${response.status}`);
  }
  follow(runId);
  return { runId };
}

const api: MinimalApi = {
  start,
  status: () => status,
  clear() {
    close();
    buffer = [];
    output().textContent = '';
  },
};
page.__benchMinimal = api;

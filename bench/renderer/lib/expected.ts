// The answer a benchmark run will stream, known beforehand: the demo's text depends only on the
// agent, the message and the deal, and a run of N tokens streams the first N deltas of a longer
// one. One recording gives the text (and so the expected end in the DOM) for every length.
import { createParser } from 'eventsource-parser';
import type { DemoService } from '../../../electron/demo-service';
import { SESSION_COOKIE } from '../../../electron/demo-service';
import { normaliseText } from '../page/text';

export interface RunInput {
  agentId: string;
  message: string;
  dealId: string;
}

export interface ExpectedRun {
  /** Tokens (delta events) to ask for; may be a little below the length asked for, see below. */
  tokens: number;
  text: string;
  /** The last section (`## Detail <n>` and what follows), normalised: its end in the DOM. */
  tail: string;
}

/** Records the deltas of one run of `tokens` tokens straight from the service. */
export async function recordDeltas(
  demo: DemoService,
  input: RunInput,
  tokens: number,
): Promise<string[]> {
  const headers = {
    Cookie: `${SESSION_COOKIE}=${demo.token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  const created = await fetch(`${demo.baseUrl}/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      agentId: input.agentId,
      input: { message: input.message, demo: { tokens } },
      context: { dealId: input.dealId },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await created.json()) as { data?: { runId?: unknown } };
  const runId = body.data?.runId;
  if (!created.ok || typeof runId !== 'string') {
    throw new Error(`Recording run: POST /runs answered ${created.status}`);
  }
  await demo.control.waitForRun(runId, 60_000);
  const stream = await fetch(`${demo.baseUrl}/runs/${runId}/stream`, {
    headers: { Cookie: `${SESSION_COOKIE}=${demo.token}`, Accept: 'text/event-stream' },
    signal: AbortSignal.timeout(60_000),
  });
  const deltas: string[] = [];
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== 'delta') return;
      const text = (JSON.parse(event.data) as { text?: unknown }).text;
      if (typeof text === 'string') deltas.push(text);
    },
  });
  parser.feed(await stream.text());
  if (deltas.length !== tokens) {
    throw new Error(`Recording run: expected ${tokens} deltas, got ${deltas.length}`);
  }
  return deltas;
}

const SECTION = /^## Detail \d+\n\n/;
/** Enough text after the heading that the end is unique in the answer. */
const MIN_SECTION_BODY = 40;

/**
 * The run of about `tokens` tokens whose end is recognisable in the DOM: it must stop inside a
 * section body long enough to be unique (a run stopping right after a heading would end like
 * many earlier moments of the stream). Steps back a few tokens when needed.
 */
export function expectedRun(deltas: readonly string[], tokens: number): ExpectedRun {
  for (let n = Math.min(tokens, deltas.length); n > tokens - 500 && n > 0; n -= 1) {
    const text = deltas.slice(0, n).join('');
    const start = text.lastIndexOf('## Detail ');
    if (start < 0) continue;
    const section = text.slice(start);
    if (!SECTION.test(section)) continue;
    const tail = normaliseText(section);
    const heading = normaliseText(SECTION.exec(section)?.[0] ?? '');
    if (tail.length - heading.length < MIN_SECTION_BODY) continue;
    return { tokens: n, text, tail };
  }
  throw new Error(`No usable end for a run of about ${tokens} tokens in the recording`);
}

// Test helpers for the demo service: start it on an ephemeral 127.0.0.1 port, call it over real
// HTTP with Node's fetch, check answers against the schemas in demo-schemas.ts, and read its
// server-sent events as raw frames (parsed here by hand, so the tests check the wire format).
import { z } from 'zod';
import { startDemoService } from '../../electron/demo-service';
import type { DemoService, DemoServiceOptions } from '../../electron/demo-service';
import { envelope, ErrorEnvelope, RunCreated } from './demo-schemas';

type CallInit = RequestInit & { auth?: boolean };

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Harness {
  service: DemoService;
  cookie: string;
  /** fetch relative to the API base, with the demo session cookie unless `auth: false`. */
  call(path: string, init?: CallInit): Promise<Response>;
  /** A successful answer: the envelope is checked and `data` parsed with `schema`. */
  data<T extends z.ZodType>(path: string, schema: T, init?: CallInit): Promise<Answer<z.infer<T>>>;
  /** A failed answer: the error envelope is checked, and the status must be `status`. */
  failure(path: string, status: number, init?: CallInit): Promise<Answer<ErrorEnvelope>>;
  /** POST /runs with a JSON body; must succeed. */
  createRun(
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<z.infer<typeof RunCreated>>>;
  /** A body for POST /runs (agent sales.deal_coach, the first deal), with overrides. */
  runBody(
    message?: string,
    extra?: { demo?: Record<string, unknown>; agentId?: string; dealId?: string },
  ): unknown;
  dealId(index?: number): string;
}

async function parseJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`HTTP ${res.status}: not JSON: ${text.slice(0, 200)}`);
  }
}

export async function startHarness(options: DemoServiceOptions = {}): Promise<Harness> {
  const service = await startDemoService({ pacing: 'instant', ...options });
  const cookie = `sb-access-token=${service.token}`;
  const call = (path: string, init: CallInit = {}): Promise<Response> => {
    const { auth = true, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (auth && !merged.has('cookie')) merged.set('cookie', cookie);
    return fetch(`${service.baseUrl}${path}`, { ...rest, headers: merged });
  };
  const data = async <T extends z.ZodType>(
    path: string,
    schema: T,
    init?: CallInit,
  ): Promise<Answer<z.infer<T>>> => {
    const res = await call(path, init);
    const raw = await parseJson(res);
    if (res.status >= 300)
      throw new Error(`HTTP ${res.status} for ${path}: ${JSON.stringify(raw)}`);
    const body = envelope(z.unknown().refine((v) => v !== undefined, 'data is required')).parse(
      raw,
    );
    return { status: res.status, headers: res.headers, body: schema.parse(body.data) };
  };
  const failure = async (
    path: string,
    status: number,
    init?: CallInit,
  ): Promise<Answer<ErrorEnvelope>> => {
    const res = await call(path, init);
    const raw = await parseJson(res);
    if (res.status !== status)
      throw new Error(`expected HTTP ${status}, got ${res.status}: ${JSON.stringify(raw)}`);
    return { status: res.status, headers: res.headers, body: ErrorEnvelope.parse(raw) };
  };
  const dealId = (index = 0): string => {
    const deal = service.control.deals()[index];
    if (deal === undefined) throw new Error(`no deal #${index}`);
    return deal.id;
  };
  return {
    service,
    cookie,
    call,
    data,
    failure,
    dealId,
    createRun: (body, headers = {}) =>
      data('/runs', RunCreated, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    runBody: (message = 'How do I get this deal signed?', extra = {}) => ({
      agentId: extra.agentId ?? 'sales.deal_coach',
      input: { message, ...(extra.demo === undefined ? {} : { demo: extra.demo }) },
      context: { dealId: extra.dealId ?? dealId() },
    }),
  };
}

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** Parses complete frames (each ends with a blank line) from SSE text; returns them and the rest. */
export function parseFrames(text: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const frame: SseFrame = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        frame.comment = line.slice(1).trim();
        continue;
      }
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event' || field === 'data' || field === 'retry')
        frame[field] = value;
    }
    frames.push(frame);
  }
  return { frames, rest };
}

export interface RunEventFrame {
  id: number;
  event: string;
  data: unknown;
}

export function eventsOf(frames: readonly SseFrame[]): RunEventFrame[] {
  return frames
    .filter((f) => f.event !== undefined)
    .map((f) => ({
      id: Number(f.id),
      event: f.event ?? '',
      data: JSON.parse(f.data ?? 'null') as unknown,
    }));
}

/** Reads a stream incrementally until it ends, or until `until` says stop (then cancels it). */
export async function readStream(
  res: Response,
  until: (events: RunEventFrame[], frames: SseFrame[]) => boolean = () => false,
): Promise<{ frames: SseFrame[]; events: RunEventFrame[]; ended: boolean }> {
  const reader = res.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: SseFrame[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { frames, events: eventsOf(frames), ended: true };
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseFrames(buffer);
    buffer = parsed.rest;
    frames.push(...parsed.frames);
    if (until(eventsOf(frames), frames)) {
      await reader.cancel();
      return { frames, events: eventsOf(frames), ended: false };
    }
  }
}

/** The text of the delta events, in order. */
export function outputOf(events: readonly RunEventFrame[]): string {
  return events
    .filter((e) => e.event === 'delta')
    .map((e) => (e.data as { text: string }).text)
    .join('');
}

// A stand-in for the window's bridge in the store tests: answers each request from a handler the
// test gives (or holds it until the test releases it), and records every request made.
import type {
  AssistantBridge,
  ErrorData,
  RequestInput,
  RequestName,
  RequestOutput,
  Result,
} from '../../../../electron/contract';
import { callThrough } from '../../../../src/platform/requests';
import type { Call } from '../../../../src/platform/requests';

type Handler<N extends RequestName> = (
  input: RequestInput<N>,
) => Result<RequestOutput<N>> | Promise<Result<RequestOutput<N>>>;
type Handlers = { [N in RequestName]?: Handler<N> };

export interface FakeBridge extends Pick<AssistantBridge, 'invoke'> {
  /** Every request made, in order. */
  readonly calls: Array<{ name: RequestName; input: unknown }>;
  /** Answers `name` with `handler` from now on. */
  answer<N extends RequestName>(name: N, handler: Handler<N>): void;
  /** Holds the next answers to `name` until the test releases each one. */
  hold<N extends RequestName>(name: N): Array<(result: Result<RequestOutput<N>>) => void>;
  /** The requests made of one name, their inputs in order. */
  inputs<N extends RequestName>(name: N): RequestInput<N>[];
}

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (code: string, message = code): Result<never> => ({
  ok: false,
  error: { code, message, retryable: false } satisfies ErrorData,
});

export function fakeBridge(): FakeBridge & { call: Call } {
  const handlers: Handlers = {};
  const calls: Array<{ name: RequestName; input: unknown }> = [];
  const bridge: FakeBridge = {
    calls,
    answer(name, handler) {
      (handlers as Record<string, unknown>)[name] = handler;
    },
    hold(name) {
      const releases: Array<(result: Result<RequestOutput<typeof name>>) => void> = [];
      bridge.answer(name, () => new Promise((resolve) => releases.push(resolve)));
      return releases;
    },
    inputs(name) {
      return calls.filter((c) => c.name === name).map((c) => c.input as RequestInput<typeof name>);
    },
    async invoke(name, input) {
      calls.push({ name, input });
      const handler = handlers[name] as Handler<typeof name> | undefined;
      if (!handler) throw new Error(`the test gave no answer to ${name}`);
      return handler(input);
    },
  };
  return { ...bridge, call: callThrough(bridge) };
}

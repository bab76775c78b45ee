// The renderer's side of the contract, without touching the page: validation of everything a
// host answers or pushes (the renderer trusts nothing); browser mode's WebSocket transport is
// in ./socket.
// No DOM globals here, so Node tests drive it against a real browser-mode host.
import {
  HostErrorCodes,
  events,
  isEventName,
  isRequestName,
  requests,
  resultSchema,
  type AssistantBridge,
  type ErrorData,
  type RequestName,
  type RequestOutput,
  type Result,
} from '../../../electron/contract';

export {
  createWebSocketTransport,
  type FirstConnection,
  type SocketFactory,
  type SocketLike,
  type WebSocketTransport,
  type WebSocketTransportOptions,
} from './socket';

type Listener = (payload: unknown) => void;

function failure(
  code: string,
  message: string,
  retryable: boolean,
): { ok: false; error: ErrorData } {
  return { ok: false, error: { code, message, retryable } };
}

/** What a host hands the bridge before validation: unknown values only. */
export interface RawTransport {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** Wraps a raw transport with the contract's validation of names, results and events. */
export function createBridge(transport: RawTransport): AssistantBridge {
  const bridge: AssistantBridge = {
    async invoke(name, input) {
      if (!isRequestName(name)) {
        return failure(HostErrorCodes.unknownRequest, `Unknown request "${String(name)}".`, false);
      }
      let raw: unknown;
      try {
        raw = await transport.invoke(name, input);
      } catch {
        return failure(
          HostErrorCodes.hostUnreachable,
          'The app could not reach its host. Try again.',
          true,
        );
      }
      return parseResult(name, raw);
    },
    on(event, listener) {
      if (!isEventName(event)) return () => {};
      const schema = events[event];
      return transport.on(event, (payload) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success) {
          (listener as Listener)(parsed.data);
        } else {
          console.warn(`Ignored a malformed "${event}" event.`);
        }
      });
    },
  };
  return bridge;
}

// A request's result schema, built once per request name on first use (building a zod schema
// costs far more than parsing a small answer with it).
const resultSchemas = new Map<RequestName, ReturnType<typeof resultSchema>>();

function resultSchemaOf(name: RequestName): ReturnType<typeof resultSchema> {
  let schema = resultSchemas.get(name);
  if (!schema) {
    schema = resultSchema(requests[name].output);
    resultSchemas.set(name, schema);
  }
  return schema;
}

function parseResult<N extends RequestName>(name: N, raw: unknown): Result<RequestOutput<N>> {
  const parsed = resultSchemaOf(name).safeParse(raw);
  if (parsed.success) return parsed.data as Result<RequestOutput<N>>;
  const issue = parsed.error.issues[0];
  console.warn(
    `Ignored a malformed answer to "${name}" at ${issue ? issue.path.join('.') || '(root)' : '?'}.`,
  );
  return failure(HostErrorCodes.internal, 'The app received an answer it could not read.', false);
}

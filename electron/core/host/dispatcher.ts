// The one wrapper every host runs each call through (Electron IPC, the browser-mode socket):
// name checked against the contract, input parsed, core called, output parsed, and a `Result`
// answered. Nothing a handler does can crash the host or leak a stack or a token: a thrown
// AssistantError becomes its plain data, anything else a generic `internal_error` whose details
// go to the log only. The sender check is the host's job before it calls `dispatch`.
import type { z } from 'zod';
import {
  HostErrorCodes,
  isRequestName,
  requests,
  type ErrorData,
  type ParsedInput,
  type RequestName,
  type RequestOutput,
  type Result,
} from '../../contract';
import { isAssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { Logger } from '../logs/logger';
import { redact, type SecretRegistry } from '../logs/redact';

export interface RequestContext {
  /** Which host the call came through, for logs. */
  host: 'electron' | 'browser' | 'companion' | 'test';
  /** Which page made the call, where a host serves several (browser mode: one per socket). */
  pageId?: string;
}

export type Handler<N extends RequestName> = (
  input: ParsedInput<N>,
  context: RequestContext,
) => Promise<RequestOutput<N>> | RequestOutput<N>;

/** The handler table: one function per contract request, no more, no fewer. */
export type Handlers = { [N in RequestName]: Handler<N> };

export interface DispatcherOptions {
  log: Logger;
  /** The known secrets (the session token); every string leaving is scrubbed of them. */
  secrets: SecretRegistry;
  /** Sees every failed call, for diagnostics ("the last errors with request ids"). */
  onError?: (name: string, error: ErrorData) => void;
}

export type Dispatch = (
  name: unknown,
  input: unknown,
  context: RequestContext,
) => Promise<Result<unknown>>;

export function createDispatcher(handlers: Handlers, options: DispatcherOptions): Dispatch {
  const { log, secrets } = options;

  const fail = (name: string, error: ErrorData): Result<never> => {
    // Error text may quote a header or a URL: scrub credential-looking text as well.
    const clean: ErrorData = { ...error, message: secrets.scrub(error.message) };
    options.onError?.(name, clean);
    return { ok: false, error: clean };
  };

  const dispatchOne: Dispatch = async (name, input, context) => {
    if (!isRequestName(name)) {
      const shown = typeof name === 'string' ? name.slice(0, 100) : typeof name;
      log.warn('Refused an unknown request', { name: shown, host: context.host });
      return fail(String(shown), {
        code: HostErrorCodes.unknownRequest,
        message: coreWords().t('errors.app.unknownRequest', { name: String(shown) }),
        retryable: false,
      });
    }
    const spec = requests[name];
    const parsedInput = spec.input.safeParse(input);
    if (!parsedInput.success) {
      const { field, message } = describeIssue(parsedInput.error);
      return fail(name, {
        code: HostErrorCodes.invalidInput,
        kind: 'invalid_input',
        message,
        field,
        retryable: false,
      });
    }

    let output: unknown;
    try {
      const handler = handlers[name] as (input: unknown, context: RequestContext) => unknown;
      output = await handler(parsedInput.data, context);
    } catch (error) {
      if (isAssistantError(error)) {
        log.info('Request failed', { name, error: error.toData() });
        return fail(name, error.toData());
      }
      log.error('Request failed with an unexpected error', { name, error });
      return fail(name, internalError());
    }

    const parsedOutput = spec.output.safeParse(output);
    if (!parsedOutput.success) {
      // Core answered something the contract does not allow: a bug on our side.
      const { field, message } = describeIssue(parsedOutput.error);
      log.error('A handler answered outside the contract', { name, field, issue: message });
      return fail(name, internalError());
    }
    return { ok: true, data: redact(parsedOutput.data, secrets, { forLog: false }) };
  };

  // Whatever throws outside the handler (a check of input or output that overflows the stack
  // on a value nested thousands deep) is answered too: a call never goes unanswered.
  return async (name, input, context) => {
    try {
      return await dispatchOne(name, input, context);
    } catch (error) {
      log.error('A request could not be checked', { name: String(name).slice(0, 100), error });
      return fail(String(name).slice(0, 100), internalError());
    }
  };
}

function internalError(): ErrorData {
  return {
    code: HostErrorCodes.internal,
    kind: 'internal',
    message: coreWords().t('errors.app.internal'),
    retryable: false,
  };
}

/** The first issue of a zod error as a field path and one readable sentence. */
export function describeIssue(error: z.ZodError): { field: string | undefined; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: undefined, message: coreWords().t('errors.app.invalidInput') };
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  return {
    field,
    message: field ? `${field}: ${issue.message}` : issue.message,
  };
}

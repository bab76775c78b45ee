// The extension's typed call, as the renderer's `Call` (src/platform/requests.ts) but over the
// native-messaging bridge: a name of the companion's table (the contract's `companionRequests`),
// its input checked before it is sent, its answer checked with the request's output schema. A
// failure rejects with a `CompanionCallError` carrying error data the panel shows: the app's own
// error, a call that never reached the app, input refused here, or an answer of a shape the panel
// does not know (never taken as if it were the deal or run it claims to be).
import {
  companionRequests,
  HostErrorCodes,
  type CompanionRequestName,
  type CompanionRequests,
  type ErrorData,
} from '../../../electron/contract';
import type { z } from '../../../electron/contract/zod';
import type { Bridge } from './bridge';

/** What the caller passes (defaults may be omitted). */
export type CompanionInput<N extends CompanionRequestName> = z.input<CompanionRequests[N]['input']>;
/** What the app answered, as its schema reads it. */
export type CompanionOutput<N extends CompanionRequestName> = z.output<
  CompanionRequests[N]['output']
>;

/** One request of the companion's table: its checked output, or a thrown `CompanionCallError`. */
export type CompanionCall = <N extends CompanionRequestName>(
  name: N,
  input: CompanionInput<N>,
) => Promise<CompanionOutput<N>>;

export class CompanionCallError extends Error {
  readonly data: ErrorData;
  constructor(data: ErrorData) {
    super(data.message);
    this.name = 'CompanionCallError';
    this.data = data;
  }
}

/** The code of an answer that failed its schema (the app and the panel disagree on a shape). */
export const UNEXPECTED_ANSWER = 'unexpected_answer';

function pathOf(error: z.ZodError): string | undefined {
  const path = error.issues[0]?.path ?? [];
  return path.length === 0 ? undefined : path.map(String).join('.');
}

function refused(code: string, message: string, error: z.ZodError): CompanionCallError {
  const field = pathOf(error);
  return new CompanionCallError({
    code,
    message,
    retryable: false,
    ...(field === undefined ? {} : { field }),
  });
}

/** A `CompanionCall` over the bridge's `call` (which answers a Result and never throws). */
export function companionCall(bridge: Pick<Bridge, 'call'>): CompanionCall {
  return async <N extends CompanionRequestName>(name: N, input: CompanionInput<N>) => {
    const schemas = companionRequests[name];
    const checked = schemas.input.safeParse(input);
    if (!checked.success) {
      throw refused(
        HostErrorCodes.invalidInput,
        'The panel asked in a shape Assistant does not take.',
        checked.error,
      );
    }
    // The input as given: the app parses it with the same schema.
    const result = await bridge.call(name, input);
    if (!result.ok) throw new CompanionCallError(result.error);
    const answer = schemas.output.safeParse(result.data);
    if (!answer.success) {
      throw refused(
        UNEXPECTED_ANSWER,
        'Assistant answered in a shape the panel does not know.',
        answer.error,
      );
    }
    return answer.data as CompanionOutput<N>;
  };
}

/** Whatever a call threw, as error data fit to show. */
export function callErrorData(error: unknown): ErrorData {
  if (error instanceof CompanionCallError) return error.data;
  return {
    code: HostErrorCodes.internal,
    message: error instanceof Error ? error.message : 'Something went wrong.',
    retryable: false,
  };
}

/** A call's outcome as a value, for a caller that handles both sides in one place. */
export type CallOutcome<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

export async function outcomeOf<T>(pending: Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { ok: true, data: await pending };
  } catch (error) {
    return { ok: false, error: callErrorData(error) };
  }
}

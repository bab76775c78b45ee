// Errors as the one line a person (or a support ticket) needs: what happened, then the code and
// the service's request id. Never a stack trace; the token is cut out by the output layer.
import type { AssistantError } from '../../core/assistant-error';
import { oneLine } from './text';

export const PROGRAM = 'assistant';

const TOKEN_HINT = 'Set ASSISTANT_SESSION_TOKEN to a current session token.';

export interface ErrorLineContext {
  /** For errors about one run that carry no request id (the run's own failure). */
  runId?: string;
}

export function errorLine(error: AssistantError, context: ErrorLineContext = {}): string {
  let message = oneLine(error.message).trim();
  if (error.kind === 'unauthorized' && !message.includes('ASSISTANT_SESSION_TOKEN')) {
    message = `${message.replace(/[.!]?$/, '.')} ${TOKEN_HINT}`;
  }
  const parts = [`code ${oneLine(error.code)}`];
  if (error.requestId !== undefined) parts.push(`request ${oneLine(error.requestId)}`);
  if (context.runId !== undefined) parts.push(`run ${oneLine(context.runId)}`);
  return `${PROGRAM}: ${message} (${parts.join(', ')})`;
}

/** A usage mistake: the problem, then where to read more. */
export function usageLine(message: string, helpCommand: string): string {
  return `${PROGRAM}: ${oneLine(message)} (see \`${helpCommand}\`)`;
}

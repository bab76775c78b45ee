// Reading what the run record (GET /runs/{id}, payload "not shown") says about the end of a run:
// its status, usage, error and, when it carries one, the whole output text.
import type { RunErrorInfo, RunUsage } from './events';
import { extractStatus, extractUsage } from './normalise';

/** Places the full output text is read from a run record, in this order. */
export const RECORD_OUTPUT_PATHS: readonly (readonly string[])[] = [
  ['output'],
  ['outputText'],
  ['output_text'],
  ['text'],
  ['result'],
  ['output', 'text'],
  ['result', 'text'],
];

export interface RecordSummary {
  status: string | undefined;
  usage: RunUsage | undefined;
  error: RunErrorInfo | undefined;
  output: string | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function summariseRecord(record: unknown): RecordSummary {
  let output: string | undefined;
  for (const path of RECORD_OUTPUT_PATHS) {
    const value = at(record, path);
    if (typeof value === 'string') {
      output = value;
      break;
    }
  }
  let error: RunErrorInfo | undefined;
  const rawError = at(record, ['error']);
  if (isObject(rawError)) {
    const code = rawError.code ?? rawError.type;
    const message = rawError.message;
    error = {
      code: typeof code === 'string' ? code : 'error',
      message: typeof message === 'string' ? message : 'The run failed.',
    };
  } else if (typeof rawError === 'string' && rawError !== '') {
    error = { code: 'error', message: rawError };
  }
  return { status: extractStatus(record), usage: extractUsage(record), error, output };
}

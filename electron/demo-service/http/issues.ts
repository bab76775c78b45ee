// zod issues as the `error.details` entries clients see: a dotted field path and a sentence.
import type { ZodError } from 'zod';
import type { ErrorDetail } from './envelope';

export function issuesToDetails(issues: ZodError['issues'], prefix = ''): ErrorDetail[] {
  return issues.map((issue) => {
    const path = [prefix, ...issue.path.map((p) => String(p))].filter((p) => p !== '').join('.');
    return { path: path === '' ? '(body)' : path, message: issue.message };
  });
}

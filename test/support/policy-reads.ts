// A reader's sources and the values it could not take, apart: tests compare each on its own.
import type { PolicyProblem } from '../../electron/contract';
import type { PolicyRead } from '../../electron/core/policy/raw-policies';

export function withoutProblems(read: PolicyRead[]): {
  reads: PolicyRead[];
  problems: PolicyProblem[];
} {
  const problems = read.flatMap((entry) => ('problems' in entry ? (entry.problems ?? []) : []));
  const reads = read.map((entry) => {
    if (!('problems' in entry)) return entry;
    const { problems: _problems, ...rest } = entry;
    return rest;
  });
  return { reads, problems };
}

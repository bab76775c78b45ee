// What the log says of IT's policies: where they came from, which settings they govern, and each
// value not applied with its reason, once per change. Never a value: an address may hold more than
// it should, and the names are what IT needs.
import type { Logger } from '../logs/logger';
import { managedSettings } from './apply-policies';
import type { PolicyRead } from './raw-policies';
import { resolvePolicies, type ResolvedPolicies } from './resolve-policies';

export function resolveAndLog(reads: readonly PolicyRead[], log: Logger): ResolvedPolicies {
  const resolved = resolvePolicies(reads);
  const summary = JSON.stringify(managedSettings(resolved));
  if (summary === lastSummary.get(log)) return resolved;
  lastSummary.set(log, summary);
  const { locked, recommended, problems } = managedSettings(resolved);
  if (reads.length > 0 || problems.length > 0) {
    log.info('Policies applied', {
      sources: reads.map((read) => read.source),
      locked,
      recommended,
    });
  }
  for (const problem of problems) {
    log.warn('A policy was not applied', { ...problem });
  }
  return resolved;
}

/** The last summary logged per logger, so a timer's read that found nothing new logs nothing. */
const lastSummary = new WeakMap<Logger, string>();

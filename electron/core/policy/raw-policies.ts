// What one policy source holds, as read and before anything is checked: names to values as the
// place stores them (a registry DWORD is a number, a plist boolean a boolean, a registry subkey or
// plist dictionary an object). Each reader (Linux file, Windows registry, macOS managed
// preferences) produces these; resolve-policies.ts checks them against the declaration.
import type { PolicyProblem, PolicySource } from '../../contract';
import { isRecord } from '../../domain/briefings/fields';

export interface RawPolicies {
  source: PolicySource;
  /** Locked: the values at the source's top level. */
  mandatory: Record<string, unknown>;
  /** IT's defaults: the values under its `Recommended` key (RECOMMENDED_KEY). */
  recommended: Record<string, unknown>;
  /** Values the reader itself could not take (a registry type no policy has, too deep). */
  problems?: PolicyProblem[];
}

/** A source that could not be read at all (not: one that holds nothing, which is no source). */
export interface UnreadablePolicies {
  source: PolicySource;
  reason: string;
}

export type PolicyRead = RawPolicies | UnreadablePolicies;

/** Splits a source's top level into the locked values and its `Recommended` part. */
export function splitRecommended(
  source: PolicySource,
  top: Record<string, unknown>,
  recommendedKey: string,
): RawPolicies {
  const { [recommendedKey]: recommended, ...mandatory } = top;
  return {
    source,
    mandatory,
    recommended: isPlainRecord(recommended) ? recommended : {},
  };
}

/** An object of names to values (not an array, not null): the domain's one check for it. */
export const isPlainRecord = isRecord;

// From what the policy sources hold to what core applies: each value is read as its kind is
// stored in each place (a registry DWORD 0/1 is a boolean), checked with the schema of the setting
// it governs, and the most binding source wins: sources come most binding first (a machine's
// before a user's), and a locked value wins over any default. What is not applied (an unknown
// name, a wrong type, an http:// address) becomes a problem with its reason, for IT.
import {
  POLICIES,
  PolicyNameSchema,
  type PolicyKind,
  type PolicyLevel,
  type PolicyProblem,
  type PolicySetting,
} from '../../contract';
import { isPlainRecord, type PolicyRead, type RawPolicies } from './raw-policies';

export interface ResolvedPolicies {
  /** Values the user cannot change, by setting path. */
  locked: Map<PolicySetting, unknown>;
  /** IT's defaults, by setting path (none for a setting also locked). */
  recommended: Map<PolicySetting, unknown>;
  problems: PolicyProblem[];
}

/** At most this many problems are kept: a file of a thousand wrong names says no more. */
const MAX_PROBLEMS = 100;

export const NO_POLICIES: ResolvedPolicies = {
  locked: new Map(),
  recommended: new Map(),
  problems: [],
};

/** Sources in order, most binding first. */
export function resolvePolicies(reads: readonly PolicyRead[]): ResolvedPolicies {
  const locked = new Map<PolicySetting, unknown>();
  const recommended = new Map<PolicySetting, unknown>();
  const problems: PolicyProblem[] = [];
  const problem = (entry: PolicyProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(entry);
  };

  for (const read of reads) {
    if (!('mandatory' in read)) {
      problem({ policy: '*', source: read.source, level: 'mandatory', reason: read.reason });
      continue;
    }
    for (const level of ['mandatory', 'recommended'] as const) {
      const into = level === 'mandatory' ? locked : recommended;
      for (const [name, raw] of Object.entries(valuesOf(read, level))) {
        const checked = checkPolicy(name, raw);
        if (!checked.ok) {
          problem({ policy: name, source: read.source, level, reason: checked.reason });
          continue;
        }
        // A more binding source already set it at this level.
        if (!into.has(checked.setting)) into.set(checked.setting, checked.value);
      }
    }
  }
  for (const setting of locked.keys()) recommended.delete(setting);
  return { locked, recommended, problems };
}

function valuesOf(read: RawPolicies, level: PolicyLevel): Record<string, unknown> {
  return level === 'mandatory' ? read.mandatory : read.recommended;
}

type Checked = { ok: true; setting: PolicySetting; value: unknown } | { ok: false; reason: string };

/** One value IT wrote, as the setting it governs would take it. */
export function checkPolicy(name: string, raw: unknown): Checked {
  const known = PolicyNameSchema.safeParse(name);
  if (!known.success) return { ok: false, reason: 'Not a policy of this app.' };
  const declaration = POLICIES[known.data];
  const value = asKind(declaration.kind, raw);
  const parsed = declaration.schema.safeParse(value);
  if (!parsed.success) {
    // Zod's messages name what was expected, never the value (which may hold a password).
    const first = parsed.error.issues[0]?.message ?? 'Not a valid value.';
    return { ok: false, reason: first };
  }
  return { ok: true, setting: declaration.setting, value: parsed.data };
}

/**
 * The value as each place stores one of this kind: the registry has no booleans (a DWORD 0 or
 * 1) and a REG_SZ may carry a number. Anything else is left for the schema to refuse.
 */
function asKind(kind: PolicyKind, raw: unknown): unknown {
  switch (kind) {
    case 'boolean':
      return raw === 0 ? false : raw === 1 ? true : raw;
    case 'integer':
      return typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    case 'domains':
      // Host names are case-insensitive; the schema wants them as the address bar shows them.
      return isPlainRecord(raw)
        ? Object.fromEntries(Object.entries(raw).map(([host, crm]) => [host.toLowerCase(), crm]))
        : raw;
    default:
      return raw;
  }
}

// IT's policies on Windows: the keys Group Policy and Intune write,
// HKLM\Software\Policies\Assistant\Assistant Desktop (the machine's) and the same under HKCU (the
// user's), read by the app's own relay (`assistant-relay --policies`, relay/src/policies.rs)
// rather than reg.exe, which "Prevent access to registry editing tools" blocks on exactly the
// managed computers that set policies. The relay is already signed and shipped, and reads only
// these two keys. Its one line of JSON is checked here, down to the two levels it reads, and each
// key becomes a RawPolicies split at its `Recommended` subkey. Core never imports the companion
// host that knows where the relay is: whoever starts core hands it the runner
// (electron/companion's runRelay, the one `--registry` uses). docs/policy-sources.md has the facts.
import { z } from 'zod';
import {
  POLICY_NAMES,
  RECOMMENDED_KEY,
  type PolicyLevel,
  type PolicyProblem,
  type PolicySource,
} from '../../contract';
import { splitRecommended, type PolicyRead } from './raw-policies';

/** Runs the relay once with these arguments; resolves with what it printed (runRelay). */
export type RunRelay = (args: readonly string[]) => Promise<string>;

// The relay's bounds (policies.rs): names of at most 255 units, 64 KiB of data, 500 strings in a
// REG_MULTI_SZ, 500 entries in a key.
const Name = z.string().max(255);
const Text = z.string().max(32_768);
const MAX_ENTRIES = 500;
const RegistryValue = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  Text,
  z.array(Text).max(MAX_ENTRIES),
]);
const Skipped = z.object({ name: Name, reason: z.string().max(200) });

/** One key as the relay answers it, with its subkeys as `sub` (none below the deepest level). */
function registryKey<Sub extends z.ZodType>(sub: Sub) {
  return z.object({
    values: z.record(Name, RegistryValue),
    keys: z.record(Name, sub),
    skipped: z.array(Skipped).max(MAX_ENTRIES),
  });
}
// The relay reads the policy key and two levels below it (`Recommended\CompanionCrmDomains`).
const DeepestKey = registryKey(z.never());
const MiddleKey = registryKey(DeepestKey);
const PolicyKey = registryKey(MiddleKey);
type AnyKey = z.infer<typeof PolicyKey> | z.infer<typeof MiddleKey> | z.infer<typeof DeepestKey>;

const SourceFailure = z.object({
  error: z.enum(['failed', 'too-large']),
  message: z.string().max(2000),
  code: z.number().int().optional(),
});
const SourceAnswer = z.union([PolicyKey, SourceFailure]).nullable();
const Answer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), machine: SourceAnswer, user: SourceAnswer }),
  z.object({
    ok: z.literal(false),
    error: z.enum(['refused', 'unsupported', 'failed']),
    message: z.string().max(2000),
    code: z.number().int().optional(),
  }),
]);

/** Registry names are compared without case, as Windows does: a policy's or `Recommended`'s
 * name in another case is that name, spelled as the declaration spells it. */
const DECLARED = new Map(
  [...POLICY_NAMES, RECOMMENDED_KEY].map((name) => [name.toLowerCase(), name] as const),
);
function declaredSpelling(name: string): string {
  return DECLARED.get(name.toLowerCase()) ?? name;
}

interface Reading {
  source: PolicySource;
  problems: PolicyProblem[];
}

function problem(
  reading: Reading,
  path: readonly string[],
  level: PolicyLevel,
  reason: string,
): void {
  reading.problems.push({
    policy: path.join('\\').slice(0, 200),
    source: reading.source,
    level,
    reason: reason.slice(0, 500),
  });
}

/**
 * A key as names to values, its subkeys as nested records. Names are matched to the declaration
 * at the policy key and in its `Recommended` subkey only (below them are a policy's own entries,
 * such as host names). A subkey wins over a value of the same name, which is reported.
 */
function toRecord(key: AnyKey, path: readonly string[], reading: Reading): Record<string, unknown> {
  const policyLevel = path.length === 0 || (path.length === 1 && path[0] === RECOMMENDED_KEY);
  const spelled = (name: string) => (policyLevel ? declaredSpelling(name) : name);
  const level: PolicyLevel = path[0] === RECOMMENDED_KEY ? 'recommended' : 'mandatory';
  const below = (name: string) => (path[0] === RECOMMENDED_KEY ? path.slice(1) : path).concat(name);
  const entries = new Map<string, unknown>();
  for (const [name, value] of Object.entries(key.values)) entries.set(spelled(name), value);
  for (const [name, sub] of Object.entries(key.keys)) {
    const spelledName = spelled(name);
    if (entries.has(spelledName)) {
      problem(
        reading,
        below(spelledName),
        level,
        'a value and a key of the same name: the key is read',
      );
    }
    entries.set(spelledName, toRecord(sub, [...path, spelledName], reading));
  }
  for (const { name, reason } of key.skipped) {
    problem(reading, below(spelled(name)), level, `not read from the registry: ${reason}`);
  }
  // A fresh record whatever the names (zod's record has already dropped one named `__proto__`).
  return Object.fromEntries(entries);
}

function readSource(
  source: PolicySource,
  answer: z.infer<typeof SourceAnswer>,
  onProblem: (problem: PolicyProblem) => void,
): PolicyRead[] {
  if (answer === null) return [];
  if ('error' in answer) {
    return [
      {
        source,
        reason: `${answer.message}${answer.code === undefined ? '' : ` (${answer.code})`}`,
      },
    ];
  }
  const reading: Reading = { source, problems: [] };
  const top = toRecord(answer, [], reading);
  reading.problems.forEach(onProblem);
  return [splitRecommended(source, top, RECOMMENDED_KEY)];
}

/**
 * The machine's policies, then the user's, each whole: the machine's bind where both set a policy
 * (PolicySource lists the most binding first), which core's resolution applies. A key that is not
 * there is no source. When the relay cannot be run or its answer is not one it gives,
 * both sources are unreadable with the reason; this never throws. Values the relay left out
 * (another registry type, too long, too deep) go to `onProblem`, for the log and diagnostics.
 */
export async function readWindowsPolicies(
  run: RunRelay,
  onProblem: (problem: PolicyProblem) => void = () => undefined,
): Promise<PolicyRead[]> {
  const unreadable = (reason: string): PolicyRead[] => [
    { source: 'windows-machine', reason },
    { source: 'windows-user', reason },
  ];
  let output: string;
  try {
    output = await run(['--policies']);
  } catch (error) {
    return unreadable(`the relay could not be run: ${String(error).slice(0, 300)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return unreadable(`the relay's answer is not JSON: ${output.slice(0, 200)}`);
  }
  const answer = Answer.safeParse(parsed);
  if (!answer.success) {
    return unreadable(`the relay's answer is not one it gives: ${output.slice(0, 200)}`);
  }
  if (!answer.data.ok) return unreadable(`the relay: ${answer.data.message}`);
  return [
    ...readSource('windows-machine', answer.data.machine, onProblem),
    ...readSource('windows-user', answer.data.user, onProblem),
  ];
}

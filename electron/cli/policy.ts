// IT's policies as the `assistant` command obeys them: the service IT set (locked: no other may
// be named; a default: used when none is), and no embedded demo where IT allows none. Read from
// the same places as the app's (core/policy), so one policy governs the app, browser mode and
// the command alike. Windows' registry needs the relay, which the command does not carry: there
// the command reads only a file ASSISTANT_POLICY_FILE names (docs/command-line.md).
import { policySources } from '../core/policy/policy-sources';
import { resolvePolicies } from '../core/policy/resolve-policies';

export interface CliPolicy {
  service?: { baseUrl: string; locked: boolean };
  /** False: IT allows no demo service. */
  allowDemo: boolean;
}

export async function readCliPolicy(env: NodeJS.ProcessEnv): Promise<CliPolicy> {
  const reads = await policySources({ platform: process.platform, env }).read();
  const { locked, recommended } = resolvePolicies(reads);
  const pick = (setting: 'serviceBaseUrl' | 'allowDemo') =>
    locked.has(setting)
      ? { value: locked.get(setting), locked: true }
      : recommended.has(setting)
        ? { value: recommended.get(setting), locked: false }
        : undefined;
  const service = pick('serviceBaseUrl');
  return {
    ...(typeof service?.value === 'string'
      ? { service: { baseUrl: service.value, locked: service.locked } }
      : {}),
    allowDemo: pick('allowDemo')?.value !== false,
  };
}

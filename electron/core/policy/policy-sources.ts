// Where this computer's policies are, per OS, most binding first: Windows' machine then user
// registry keys (read through the relay, which the host hands in as `osReader`), macOS's managed
// preferences (machine then user), Linux's policy.json. On every
// OS a file named by ASSISTANT_POLICY_FILE is read last, below the OS's own places: IT can try a
// policy on one computer with it, and it can add policies but never undo the OS's, since a user
// can set it.
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { MANAGED_PREFERENCES, readMacManagedPolicies } from './macos-managed';
import type { PolicySources } from './policy-watcher';
import { readPolicyFile } from './policy-file';
import type { PolicyRead } from './raw-policies';

export const LINUX_POLICY_FILE = '/etc/assistant-desktop/policy.json';
export const POLICY_FILE_ENV = 'ASSISTANT_POLICY_FILE';

/** Files change seldom and are watched too; the registry is read through a process. */
const FILE_POLL_MS = 5 * 60_000;

export interface PolicySourceOptions {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The OS's own reader where it is not a file this module reads (Windows, macOS). */
  osReader?: { read: () => Promise<PolicyRead[]>; watchDirs?: readonly string[] };
  /** Instead of /etc/assistant-desktop/policy.json (tests). */
  linuxFile?: string;
  /** The signed-in user's short name (macOS's per-user managed preferences); default: this process's. */
  userName?: string;
}

/** macOS's managed preferences: files, read here; the folder is watched for a new profile. */
function macReader(userName: string | undefined): NonNullable<PolicySourceOptions['osReader']> {
  const user = userName ?? userInfo().username;
  return {
    read: () => readMacManagedPolicies({ user }),
    watchDirs: [MANAGED_PREFERENCES, join(MANAGED_PREFERENCES, user)],
  };
}

export function policySources(options: PolicySourceOptions): PolicySources {
  const files: string[] = [];
  if (options.platform === 'linux') files.push(options.linuxFile ?? LINUX_POLICY_FILE);
  const extra = options.env[POLICY_FILE_ENV]?.trim();
  if (extra) files.push(extra);
  const osReader =
    options.osReader ?? (options.platform === 'darwin' ? macReader(options.userName) : undefined);
  return {
    async read() {
      const fromOs = osReader ? await osReader.read() : [];
      const fromFiles = await Promise.all(files.map((file) => readPolicyFile(file, 'file')));
      return [...fromOs, ...fromFiles.filter((read) => read !== undefined)];
    },
    watchDirs: [
      ...new Set([...files.map((file) => dirname(file)), ...(osReader?.watchDirs ?? [])]),
    ],
    pollMs: FILE_POLL_MS,
  };
}

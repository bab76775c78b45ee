// macOS's managed preferences where a configuration profile puts them, read by the app's reader:
// the CI's macOS job writes /Library/Managed Preferences/com.assistant.desktop.plist as a binary
// plist with sudo (.github/workflows/ci.yml) and sets ASSISTANT_MANAGED_PREFERENCES_TEST; anywhere
// else this says why it does not run (the reader's parsing is tested with plists as data in
// test/unit/core/policy/macos-managed.test.ts).
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readMacManagedPolicies } from '../../../../electron/core/policy/macos-managed';
import { resolvePolicies } from '../../../../electron/core/policy/resolve-policies';

const live =
  process.platform === 'darwin' && process.env.ASSISTANT_MANAGED_PREFERENCES_TEST === '1';

describe.skipIf(!live)(
  'managed preferences on a real Mac (only in the CI macOS job, which writes them with sudo)',
  () => {
    it("reads the machine's profile: a lock, a typed integer and IT's default", async () => {
      const reads = await readMacManagedPolicies({ user: userInfo().username });
      const resolved = resolvePolicies(reads);
      expect(resolved.problems).toEqual([]);
      expect(Object.fromEntries(resolved.locked)).toEqual({
        'notifications.morningTime': '07:45',
        'transcriptRetention.maxAgeDays': 14,
        allowDemo: false,
      });
      expect(Object.fromEntries(resolved.recommended)).toEqual({ 'updates.channel': 'beta' });
    });
  },
);

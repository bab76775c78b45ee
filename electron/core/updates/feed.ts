// Whether this copy of the app can update itself. electron-builder writes `app-update.yml` into
// the app's resources only when the build was given a publish target (a generic URL or GitHub
// releases); without it there is nothing to ask, and updates are off rather than failing daily.
// On Linux they are always off: electron-updater checks an AppImage or deb only against the sha512
// in the same feed's latest-linux.yml, never a signature, so whoever controls the feed would run
// code here. The release workflow gives Linux builds no feed either (scripts/signing-gate).

import { existsSync, statSync } from 'node:fs';
import type { Capability } from '../../contract';
import { pathsOf } from '../platform/paths';

export type UpdateFeed = { enabled: true; configPath: string } | { enabled: false; reason: string };

export interface UpdateFeedProbe {
  /** `app.isPackaged`: development runs never update themselves. */
  isPackaged: boolean;
  /** `process.resourcesPath` of the running app. */
  resourcesPath: string;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** True when the path is a non-empty file; injectable for tests. */
  isNonEmptyFile?: (file: string) => boolean;
}

/** What Settings says on Linux, where the app never updates itself. */
export const LINUX_UPDATES =
  'Updates come from your package manager on Linux, or from downloading the new version: ' +
  'the app does not update itself there, since it cannot check who signed a Linux package.';

/** Set to `off` (or `0`, `false`) by an administrator who deploys updates another way. */
export const UPDATES_ENV = 'ASSISTANT_UPDATES';

function defaultIsNonEmptyFile(file: string): boolean {
  try {
    return existsSync(file) && statSync(file).isFile() && statSync(file).size > 0;
  } catch {
    return false;
  }
}

/** What Settings says about updates, from the feed this copy found. */
export function updatesCapability(feed: UpdateFeed): Capability {
  if (!feed.enabled) return { available: false, reason: feed.reason };
  return {
    available: true,
    reason:
      'Checked daily and installed when you quit. Only an update signed by the publisher is installed.',
  };
}

export function detectUpdateFeed(probe: UpdateFeedProbe): UpdateFeed {
  const isNonEmptyFile = probe.isNonEmptyFile ?? defaultIsNonEmptyFile;
  const switchValue = probe.env[UPDATES_ENV]?.trim().toLowerCase();
  if (switchValue === 'off' || switchValue === '0' || switchValue === 'false') {
    return { enabled: false, reason: `Updates are turned off (${UPDATES_ENV}=${switchValue}).` };
  }
  if (probe.platform === 'linux') return { enabled: false, reason: LINUX_UPDATES };
  if (!probe.isPackaged) {
    return { enabled: false, reason: 'Development builds do not update themselves.' };
  }
  const configPath = pathsOf(probe.platform).join(probe.resourcesPath, 'app-update.yml');
  if (!isNonEmptyFile(configPath)) {
    return { enabled: false, reason: 'This build has no update server configured.' };
  }
  return { enabled: true, configPath };
}

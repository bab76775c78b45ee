// Whether this copy of the app can update itself. electron-builder writes `app-update.yml` into
// the app's resources only when the build was given a publish target (a generic URL or GitHub
// releases); without it there is nothing to ask, and updates are off rather than failing daily.

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

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

/** Set to `off` (or `0`, `false`) by an administrator who deploys updates another way. */
export const UPDATES_ENV = 'ASSISTANT_UPDATES';

function defaultIsNonEmptyFile(file: string): boolean {
  try {
    return existsSync(file) && statSync(file).isFile() && statSync(file).size > 0;
  } catch {
    return false;
  }
}

export function detectUpdateFeed(probe: UpdateFeedProbe): UpdateFeed {
  const isNonEmptyFile = probe.isNonEmptyFile ?? defaultIsNonEmptyFile;
  const switchValue = probe.env[UPDATES_ENV]?.trim().toLowerCase();
  if (switchValue === 'off' || switchValue === '0' || switchValue === 'false') {
    return { enabled: false, reason: `Updates are turned off (${UPDATES_ENV}=${switchValue}).` };
  }
  if (!probe.isPackaged) {
    return { enabled: false, reason: 'Development builds do not update themselves.' };
  }
  const configPath = path.join(probe.resourcesPath, 'app-update.yml');
  if (!isNonEmptyFile(configPath)) {
    return { enabled: false, reason: 'This build has no update server configured.' };
  }
  if (probe.platform === 'linux') {
    // electron-updater replaces an AppImage in place, or a deb/rpm through the package manager
    // (the installer writes `package-type`); any other Linux copy cannot replace itself.
    const appImage = probe.env.APPIMAGE;
    const packageType = path.join(probe.resourcesPath, 'package-type');
    if ((appImage === undefined || appImage === '') && !isNonEmptyFile(packageType)) {
      return {
        enabled: false,
        reason: 'This Linux copy was not installed from an AppImage or a package.',
      };
    }
  }
  return { enabled: true, configPath };
}

// electron-updater's event payloads come from the update server's metadata (latest.yml): a
// boundary. Only the fields the cycle uses are read, and they are validated.

import { z } from 'zod';
import type { UpdaterEvent } from './types';

// Semantic version as electron-builder writes it (1.2.3, 1.2.3-beta.1, 1.2.3+build).
const VersionSchema = z
  .string()
  .max(64)
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/);

const UpdateInfoSchema = z.looseObject({ version: VersionSchema });
const ProgressSchema = z.looseObject({ percent: z.number().finite() });

/** `update-available` / `update-downloaded`: the version, or an error event when it is unusable. */
export function versionEvent(type: 'available' | 'downloaded', info: unknown): UpdaterEvent {
  const parsed = UpdateInfoSchema.safeParse(info);
  if (parsed.success) return { type, version: parsed.data.version };
  return {
    type: 'error',
    error: Object.assign(
      new Error('The update server sent update information without a valid version.'),
      {
        code: 'ERR_UPDATER_INVALID_VERSION',
      },
    ),
  };
}

/** `download-progress`: progress is cosmetic, so a malformed payload is simply dropped. */
export function progressEvent(info: unknown): UpdaterEvent | undefined {
  const parsed = ProgressSchema.safeParse(info);
  return parsed.success ? { type: 'progress', percent: parsed.data.percent } : undefined;
}

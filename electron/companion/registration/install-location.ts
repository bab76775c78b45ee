// Whether the installed app runs from a place the browsers' registration may name. The launch
// file and the host manifests name the executable and the relay inside the app; on macOS two
// places an app commonly runs from go away:
// - a disk image opened and not copied: the app runs under /Volumes/<image>/, gone once the image
//   is ejected (any other volume under /Volumes goes when it is unplugged, for the same reason);
// - App Translocation: an app opened from where it was downloaded, still quarantined, runs from
//   a random read-only copy under /private/var/folders/…/AppTranslocation/, a new one each start.
// Registering either would point the browsers at nothing tomorrow, so registration refuses and
// Settings says how to move the app to Applications. Pure: the path is the input, so the rule
// is tested with macOS paths on any OS.
import { posix } from 'node:path';

/** Why this run of the app is not registered with the browsers, for Settings to say. */
export type InstallLocationProblem = 'disk-image' | 'translocated';

/** `/var` is a link to `/private/var` on macOS: either spelling may reach the app. */
const TRANSLOCATED = /^\/(?:private\/)?var\/folders\/(?:[^/]+\/)+AppTranslocation\//;

/** The problem with running the app from `executable`, or undefined where it may stay. */
export function installLocationProblem(
  platform: NodeJS.Platform,
  executable: string,
): InstallLocationProblem | undefined {
  if (platform !== 'darwin') return undefined;
  const path = posix.normalize(executable);
  if (TRANSLOCATED.test(path)) return 'translocated';
  if (path.startsWith('/Volumes/')) return 'disk-image';
  return undefined;
}

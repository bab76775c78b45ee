// macOS: the policies a configuration profile (Jamf, Intune, Kandji, a hand-installed
// .mobileconfig) delivers for the bundle id `com.assistant.desktop`. macOS writes the profile's
// payload to /Library/Managed Preferences/com.assistant.desktop.plist for the machine and
// /Library/Managed Preferences/<user>/com.assistant.desktop.plist for one user; only root can
// write there. We read the files ourselves rather than ask Electron's
// systemPreferences.getUserDefault: that reads the app's whole preference search list (the
// user's own defaults included, which anyone can write with `defaults write`), cannot tell a
// managed value from a user's, and needs Electron, where browser mode and the `assistant` command
// run in plain Node (docs/policy-sources.md).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RECOMMENDED_KEY, type PolicySource } from '../../contract';
import { parsePlist, PLIST_LIMITS, PlistError } from './plist';
import { isPlainRecord, splitRecommended, type PolicyRead } from './raw-policies';

export const MACOS_BUNDLE_ID = 'com.assistant.desktop';
export const MANAGED_PREFERENCES = '/Library/Managed Preferences';

export interface MacManagedOptions {
  /** The signed-in user's short name, whose own managed preferences apply under the machine's. */
  user: string;
  /** Where the managed preferences live; a test's folder. */
  root?: string;
}

/** The machine's policies, then the user's (core lets the machine's win), each if present. */
export async function readMacManagedPolicies(options: MacManagedOptions): Promise<PolicyRead[]> {
  const root = options.root ?? MANAGED_PREFERENCES;
  const file = `${MACOS_BUNDLE_ID}.plist`;
  const places: { source: PolicySource; path: string }[] = [
    { source: 'macos-managed', path: join(root, file) },
  ];
  // A short name never holds a path separator; one that did must not lead us elsewhere.
  if (/^[^/\\\0]+$/.test(options.user) && options.user !== '.' && options.user !== '..') {
    places.push({ source: 'macos-managed-user', path: join(root, options.user, file) });
  }
  const reads = await Promise.all(places.map(({ source, path }) => readOne(source, path)));
  return reads.filter((read): read is PolicyRead => read !== undefined);
}

async function readOne(source: PolicySource, path: string): Promise<PolicyRead | undefined> {
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { source, reason: `${path} is not a file` };
    if (info.size > PLIST_LIMITS.bytes) {
      return { source, reason: `${path} is larger than ${PLIST_LIMITS.bytes} bytes` };
    }
    bytes = await readFile(path);
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT') || isErrnoCode(error, 'ENOTDIR')) return undefined;
    return { source, reason: `${path} could not be read: ${errnoText(error)}` };
  }
  try {
    const top = parsePlist(bytes);
    if (!isPlainRecord(top)) return { source, reason: `${path} does not hold a dictionary` };
    return splitRecommended(source, withoutProfileKeys(top), RECOMMENDED_KEY);
  } catch (error) {
    if (error instanceof PlistError) return { source, reason: `${path}: ${error.message}` };
    throw error;
  }
}

/**
 * A profile's own bookkeeping (PayloadType, PayloadUUID, …) may come along into the file; no
 * policy is named Payload…, so those are left out rather than reported to IT as unknown policies.
 */
function withoutProfileKeys(top: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(top).filter(([key]) => !key.startsWith('Payload')));
}

function isErrnoCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

function errnoText(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string')
    return error.code;
  return error instanceof Error ? error.message : String(error);
}

// Registration with the browsers, done by the desktop app at every start (an update moves the
// executable and the relay) and undone on uninstall: the launch file the relay starts the app
// with, and the native-messaging host manifest for each Chromium-family browser this user has, and
// for Firefox (files on macOS and Linux; on Windows one file in the companion folder that the
// Chromium browsers' HKCU registry keys point at, and Firefox's own file beside it that Mozilla's
// key points at, set through the relay's `--registry`: relay-registry.ts). Nothing is rewritten
// when it is already right, so a start costs a few reads.
import { chmod, lstat, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { replaceContents } from '../../core/storage/json-file';
import { FIREFOX_EXTENSION_ID } from './extension-ids';
import {
  FIREFOX_MANIFEST_FILE,
  firefoxHostManifest,
  firefoxManifestPlace,
  firefoxRegistryPlace,
  hostManifest,
  manifestFilePlaces,
  registryPlaces,
  unreachableManifestPaths,
  type ManifestFilePlace,
} from './manifests';
import { pathsOf } from '../../core/platform/paths';
import {
  ADDRESS_FILE,
  companionDir,
  LAUNCH_FILE,
  NATIVE_HOST_NAME,
  type PlaceInputs,
} from '../places';

/** The app handles this flag by removing what registration wrote, then exits (for installers). */
export const UNREGISTER_FLAG = '--unregister-companion';

export interface RegistrationInputs extends PlaceInputs {
  /** The command the relay starts the app with: its program, then its arguments. */
  launchCommand: readonly string[];
  /** The relay the manifests point the browsers at. */
  relayPath: string;
  /** The extensions the manifests let in (`allowedOrigins` of this kind of run). */
  allowedOrigins: readonly string[];
  /** The Firefox extension ids Firefox's manifest lets in; FIREFOX_EXTENSION_ID unless given. */
  firefoxExtensionIds?: readonly string[];
  /**
   * Copy the relay into the companion folder and point the browsers at the copy: an AppImage's
   * own files exist only while it runs (it mounts itself in a new temporary folder each time).
   */
  copyRelay?: boolean;
}

/** The relay's copy in the companion folder (AppImage), by the relay's own file name. */
export function relayCopyPath(inputs: PlaceInputs, relayPath: string): string {
  const paths = pathsOf(inputs.platform);
  return paths.join(companionDir(inputs), paths.basename(relayPath));
}

export interface RegistrationPlan {
  /** The platform whose rules built the paths below (and whose rules split them again). */
  platform: NodeJS.Platform;
  companionDir: string;
  /** The relay copied from the installation into the companion folder (AppImage). */
  relayCopy?: { from: string; to: string };
  launchFile: { path: string; text: string };
  manifestText: string;
  /** Firefox's manifest (`allowed_extensions`), for the place whose browser is `firefox`. */
  firefoxManifestText: string;
  /** macOS and Linux: every place a browser may look; written where the browser's folder exists. */
  manifestFiles: ManifestFilePlace[];
  /** Linux: manifests an earlier version wrote where the relay cannot run (Flatpak): removed. */
  unreachableManifests: string[];
  /**
   * Windows: the Chromium manifest file, in the companion folder, and the keys pointing at it;
   * Firefox's file beside it and Mozilla's key pointing at that.
   */
  windows?: WindowsRegistration & { firefox: WindowsRegistration };
}

/** Windows: one manifest file and the HKCU keys whose default value is its path. */
export interface WindowsRegistration {
  manifestPath: string;
  keys: string[];
}

/** The default values of HKCU keys (Windows); each call rejects when the registry refused it. */
export interface RegistryAccess {
  /** The key's default value as a string, or undefined when the key or that value is missing. */
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string): Promise<void>;
  /** Removes the key; false when it was not there. */
  remove(key: string): Promise<boolean>;
}

export interface RegistrationReport {
  written: string[];
  unchanged: string[];
  /** Windows: the keys set now (the others already named the manifest). */
  registryKeysSet: string[];
  /** Manifests removed because no browser reading them can run the relay (Flatpak). */
  removed: string[];
}

export function registrationPlan(inputs: RegistrationInputs): RegistrationPlan {
  for (const part of inputs.launchCommand) {
    // One argument per line: a line break inside one would split it into two.
    if (/[\r\n]/.test(part)) throw new Error('The launch command has a line break in it');
  }
  if (inputs.launchCommand.length === 0) throw new Error('The launch command is empty');
  const folder = companionDir(inputs);
  const { join } = pathsOf(inputs.platform);
  const relayCopy =
    inputs.copyRelay === true
      ? { from: inputs.relayPath, to: relayCopyPath(inputs, inputs.relayPath) }
      : undefined;
  const relay = relayCopy?.to ?? inputs.relayPath;
  const manifestText = `${JSON.stringify(hostManifest(relay, inputs.allowedOrigins), null, 2)}\n`;
  const firefoxIds = inputs.firefoxExtensionIds ?? [FIREFOX_EXTENSION_ID];
  const firefoxManifestText = `${JSON.stringify(firefoxHostManifest(relay, firefoxIds), null, 2)}\n`;
  const firefoxFile = firefoxManifestPlace({ platform: inputs.platform, home: inputs.home });
  // Chromium follows XDG_CONFIG_HOME on Linux alone: on macOS and Windows it is not a browser's.
  const configHome = inputs.platform === 'linux' ? inputs.env.XDG_CONFIG_HOME : undefined;
  const plan: RegistrationPlan = {
    platform: inputs.platform,
    companionDir: folder,
    ...(relayCopy === undefined ? {} : { relayCopy }),
    launchFile: { path: join(folder, LAUNCH_FILE), text: `${inputs.launchCommand.join('\n')}\n` },
    manifestText,
    firefoxManifestText,
    manifestFiles: [
      ...manifestFilePlaces({
        platform: inputs.platform,
        home: inputs.home,
        ...(configHome !== undefined && pathsOf(inputs.platform).isAbsolute(configHome)
          ? { configHome }
          : {}),
      }),
      ...(firefoxFile === undefined ? [] : [firefoxFile]),
    ],
    unreachableManifests: unreachableManifestPaths({
      platform: inputs.platform,
      home: inputs.home,
    }),
  };
  if (inputs.platform === 'win32') {
    const manifestPath = join(folder, `${NATIVE_HOST_NAME}.json`);
    plan.windows = {
      manifestPath,
      keys: registryPlaces().map(({ key }) => key),
      firefox: {
        manifestPath: join(folder, FIREFOX_MANIFEST_FILE),
        keys: [firefoxRegistryPlace().key],
      },
    };
  }
  return plan;
}

const POSIX = process.platform !== 'win32';

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The file already holds `content` with `mode` (a link, even to the right text, is replaced). */
async function alreadyWritten(
  path: string,
  content: string | Buffer,
  mode: number,
): Promise<boolean> {
  try {
    const info = await lstat(path);
    if (!info.isFile() || (POSIX && (info.mode & 0o777) !== mode)) return false;
    const current = await readFile(path);
    return typeof content === 'string'
      ? current.toString('utf8') === content
      : current.equals(content);
  } catch {
    return false;
  }
}

/**
 * The companion folder, 0700: the relay runs the launch file it finds there, so nobody else may
 * write in it. A folder of another user's is refused rather than trusted.
 */
export async function ensurePrivateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  if (!POSIX || typeof process.getuid !== 'function') return;
  const info = await lstat(path);
  if (!info.isDirectory() || info.uid !== process.getuid()) {
    throw new Error(`The companion folder ${path} is not this user's own folder`);
  }
  if ((info.mode & 0o077) !== 0) await chmod(path, 0o700);
}

/** Removes the file (a link itself, never what it points at); whether there was one. */
async function removeIfPresent(path: string): Promise<boolean> {
  try {
    await lstat(path);
  } catch {
    return false;
  }
  await rm(path, { force: true });
  return true;
}

/** Writes what the plan says; returns what was written and what was already right. */
export async function applyRegistration(
  plan: RegistrationPlan,
  registry: RegistryAccess,
): Promise<RegistrationReport> {
  const report: RegistrationReport = {
    written: [],
    unchanged: [],
    registryKeysSet: [],
    removed: [],
  };
  const put = async (path: string, text: string | Buffer, mode: number): Promise<void> => {
    if (await alreadyWritten(path, text, mode)) {
      report.unchanged.push(path);
      return;
    }
    await replaceContents(path, text, mode);
    report.written.push(path);
  };

  await ensurePrivateFolder(plan.companionDir);
  // The browser runs the relay as this user: executable by the user alone, like the folder.
  if (plan.relayCopy !== undefined) {
    await put(plan.relayCopy.to, await readFile(plan.relayCopy.from), 0o700);
  }
  await put(plan.launchFile.path, plan.launchFile.text, 0o600);
  // The browser reads the manifest as the same user; 0644 as Chrome's own documentation shows.
  const { dirname } = pathsOf(plan.platform);
  for (const place of plan.manifestFiles) {
    if (!(await isFolder(place.browserDir))) continue;
    await mkdir(dirname(place.manifestPath), { recursive: true });
    const text = place.browser === 'firefox' ? plan.firefoxManifestText : plan.manifestText;
    await put(place.manifestPath, text, 0o644);
  }
  for (const path of plan.unreachableManifests) {
    if (await removeIfPresent(path)) report.removed.push(path);
  }
  if (plan.windows !== undefined) {
    await put(plan.windows.manifestPath, plan.manifestText, 0o644);
    await put(plan.windows.firefox.manifestPath, plan.firefoxManifestText, 0o644);
    report.registryKeysSet = [
      ...(await syncRegistry(plan.windows, registry)),
      ...(await syncRegistry(plan.windows.firefox, registry)),
    ];
  }
  return report;
}

/** Sets each browser's key that does not already name the manifest; returns the keys set. */
export async function syncRegistry(
  windows: WindowsRegistration,
  registry: RegistryAccess,
): Promise<string[]> {
  const set: string[] = [];
  for (const key of windows.keys) {
    if ((await registry.read(key)) === windows.manifestPath) continue;
    await registry.write(key, windows.manifestPath);
    set.push(key);
  }
  return set;
}

export interface RemovalInputs extends PlaceInputs {
  /** The relay (it may be gone already): its copy in the companion folder is removed too. */
  relayPath?: string;
}

/**
 * Removes the launch file, the address file the app's last start recorded, every manifest file and
 * (Windows) the registry keys; returns what went.
 */
export async function removeRegistration(
  inputs: RemovalInputs,
  registry: RegistryAccess,
): Promise<string[]> {
  const plan = registrationPlan({
    ...inputs,
    launchCommand: ['-'],
    relayPath: inputs.relayPath ?? '',
    // Removal reads the plan's places only, never the manifest's content.
    allowedOrigins: [],
  });
  const removed: string[] = [];
  const remove = async (path: string): Promise<void> => {
    if (await removeIfPresent(path)) removed.push(path);
  };
  await remove(plan.launchFile.path);
  await remove(pathsOf(inputs.platform).join(plan.companionDir, ADDRESS_FILE));
  if (inputs.relayPath !== undefined) await remove(relayCopyPath(inputs, inputs.relayPath));
  for (const place of plan.manifestFiles) await remove(place.manifestPath);
  for (const path of plan.unreachableManifests) await remove(path);
  if (plan.windows !== undefined) {
    await remove(plan.windows.manifestPath);
    await remove(plan.windows.firefox.manifestPath);
    for (const key of [...plan.windows.keys, ...plan.windows.firefox.keys]) {
      // A key that is not there (a browser never installed) is nothing to do.
      if (await registry.remove(key)) removed.push(key);
    }
  }
  return removed;
}

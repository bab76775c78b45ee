// Keeps the run transcripts on this computer (`<dataDir>/runs/<run>/`) within the user's
// retention setting: first every transcript whose run was last active more than `maxAgeDays`
// ago, then the oldest ones until all fit in `maxTotalMB`. A run being followed (or about to be)
// is never touched, whatever its age or size.
//
// "Last active" is when the run finished, else when its transcript was last written (meta's
// updatedAt). A folder whose meta cannot be read counts from its newest file's modification time.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TranscriptRetention } from '../../contract/settings';
import { isNotFound } from '../storage/not-found';
import { readFileNoFollow } from '../storage/private-files';
import { TranscriptMeta } from './transcript-meta';

export type RetentionPolicy = TranscriptRetention;

export interface PruneOptions {
  /** `<dataDir>/runs`. */
  root: string;
  policy: RetentionPolicy;
  now: Date;
  /** Whether a run folder belongs to a run that must be kept (followed, or being attached). */
  isProtected: (folder: string) => boolean;
}

export interface PruneResult {
  /** Folder names removed, oldest first. */
  removed: string[];
  removedBytes: number;
  /** What is left on disk after pruning. */
  keptBytes: number;
  keptCount: number;
}

interface Folder {
  name: string;
  lastActive: number;
  bytes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MEGABYTE = 1024 * 1024;

export async function pruneTranscripts(options: PruneOptions): Promise<PruneResult> {
  const { policy, now } = options;
  const folders = await readFolders(options.root);
  // Oldest first: both rules remove from the front.
  folders.sort((a, b) => a.lastActive - b.lastActive);
  const cutoff = now.getTime() - policy.maxAgeDays * DAY_MS;
  const budget = policy.maxTotalMB * MEGABYTE;
  let total = folders.reduce((sum, folder) => sum + folder.bytes, 0);
  const removed: string[] = [];
  let removedBytes = 0;
  for (const folder of folders) {
    const tooOld = folder.lastActive < cutoff;
    if (!tooOld && total <= budget) break;
    if (options.isProtected(folder.name)) continue;
    // A folder that cannot be removed now (held open elsewhere) is tried again next time.
    const gone = await rm(join(options.root, folder.name), { recursive: true, force: true }).then(
      () => true,
      () => false,
    );
    if (!gone) continue;
    removed.push(folder.name);
    removedBytes += folder.bytes;
    total -= folder.bytes;
  }
  return { removed, removedBytes, keptBytes: total, keptCount: folders.length - removed.length };
}

async function readFolders(root: string): Promise<Folder[]> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const folders: Folder[] = [];
  for (const name of names) {
    const path = join(root, name);
    const files = await filesOf(path);
    if (files === undefined) continue;
    const meta = await readMeta(join(path, 'meta.json'));
    let lastActive = Math.max(0, ...files.map((file) => file.mtimeMs));
    const stamp = meta ? Date.parse(meta.finishedAt ?? meta.updatedAt) : Number.NaN;
    if (Number.isFinite(stamp)) lastActive = stamp;
    folders.push({
      name,
      lastActive,
      bytes: files.reduce((sum, file) => sum + file.size, 0),
    });
  }
  return folders;
}

/**
 * The meta when readable. Read-only: a damaged one (or a link planted in its place) is left for
 * the store to set aside. Read in turn with the writer's replacing it, which Windows refuses
 * while the file is open.
 */
async function readMeta(path: string): Promise<TranscriptMeta | undefined> {
  try {
    const parsed = TranscriptMeta.safeParse(JSON.parse(await readFileNoFollow(path)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The files directly in a run folder with their size and time; undefined when not a folder. */
async function filesOf(
  path: string,
): Promise<Array<{ size: number; mtimeMs: number }> | undefined> {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const files: Array<{ size: number; mtimeMs: number }> = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      const info = await stat(join(path, entry.name));
      files.push({ size: info.size, mtimeMs: info.mtimeMs });
    } catch {
      // Removed meanwhile: nothing to count.
    }
  }
  return files;
}

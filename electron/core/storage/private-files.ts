// The user's data on disk is theirs alone: every folder is created 0700 and every file 0600, and
// files are opened without following a symbolic link, so another local user who plants a link in
// a data folder cannot make this process write (or read) a file of their choosing.
import { constants, lstatSync, mkdirSync, openSync, closeSync } from 'node:fs';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { AssistantError } from '../errors';
import { inTurn } from './file-turns';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** O_NOFOLLOW where the OS has it (not on Windows, where links need privileges to create). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** Append, creating the file 0600; a symbolic link at the path fails with ELOOP. */
export const APPEND_NO_FOLLOW =
  constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NO_FOLLOW;
/** A new file only (a temporary one): an existing file or link at the path fails. */
export const CREATE_NEW_NO_FOLLOW =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
export const READ_NO_FOLLOW = constants.O_RDONLY | NO_FOLLOW;

/** Creates `path` (and missing parents) 0700. */
export async function makePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export function makePrivateDirSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export function openNoFollow(path: string, flags: number): Promise<FileHandle> {
  return open(path, flags, PRIVATE_FILE_MODE);
}

/**
 * Reads a whole file as UTF-8 without following a link at `path`, in turn with this process's
 * moves over it (file-turns.ts), so that it never holds the file as the app replaces it.
 */
export function readFileNoFollow(path: string): Promise<string> {
  return inTurn(path, async () => {
    const handle = await open(path, READ_NO_FOLLOW);
    try {
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  });
}

/** True for the error a no-follow open gives when the path is a symbolic link. */
export function isRefusedLink(error: unknown): boolean {
  return (
    error instanceof Error && 'code' in error && (error.code === 'ELOOP' || error.code === 'EMLINK')
  );
}

/**
 * Creates (0600) or checks a file to append to, refusing a symbolic link at `path`: true when
 * the path now holds a regular file of ours that writing will not follow anywhere.
 */
export function prepareAppendFileSync(path: string): boolean {
  try {
    if (lstatSync(path).isSymbolicLink()) return false;
  } catch {
    // Not there yet: created below.
  }
  try {
    closeSync(openSync(path, APPEND_NO_FOLLOW, PRIVATE_FILE_MODE));
    return true;
  } catch {
    return false;
  }
}

/**
 * A data folder this user may trust: created 0700 when missing; refused (with a message for the
 * user) when another user owns it or others may write to it, since they could then plant links
 * or files in it. POSIX only: Windows folders are protected by ACLs, not modes.
 */
export async function ensurePrivateDataDir(
  path: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  await makePrivateDir(path);
  if (platform === 'win32' || typeof process.getuid !== 'function') return;
  const info = await stat(path);
  if (info.uid !== process.getuid()) {
    throw refusedDir(
      `The data folder ${path} belongs to another user, so it is not used. Choose another with --data-dir or ASSISTANT_DATA_DIR.`,
    );
  }
  if ((info.mode & 0o022) !== 0) {
    throw refusedDir(
      `Other users can write to the data folder ${path}, so it is not used. Make it private (chmod 700) or choose another with --data-dir or ASSISTANT_DATA_DIR.`,
    );
  }
}

function refusedDir(message: string): AssistantError {
  return new AssistantError({ kind: 'invalid_input', code: 'unsafe_data_dir', message });
}

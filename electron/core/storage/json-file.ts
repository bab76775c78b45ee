// Files in the user's data directory: written atomically (temporary file + rename, so a crash
// never leaves half a file), validated on read, and a corrupt file set aside rather than
// silently dropped, so the user can be told and support can look at it.
import { randomBytes } from 'node:crypto';
import { chmod, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { replaceFile } from './replace-file';
import { isNotFound } from './not-found';
import {
  CREATE_NEW_NO_FOLLOW,
  isRefusedLink,
  makePrivateDir,
  openNoFollow,
  readFileNoFollow,
} from './private-files';

export type ReadResult<T> =
  | { status: 'ok'; value: T }
  | { status: 'missing' }
  | { status: 'corrupt'; reason: string; setAsidePath: string };

/** Writes `value` as JSON to `path` so that readers see the old file or the new one, never a mix. */
export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes `contents` whole and synced to a new file beside `path` and answers its name, for the
 * caller to move into place (rename: replace; link: only if none is there yet).
 */
export async function writeTemporaryBeside(
  path: string,
  contents: string | Uint8Array,
): Promise<string> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await openNoFollow(temporary, CREATE_NEW_NO_FOLLOW);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temporary;
}

/** Writes `contents` to `path` (in a private folder, made if missing), old file or new, never half. */
export async function writeFileAtomic(path: string, contents: string | Uint8Array): Promise<void> {
  await makePrivateDir(dirname(path));
  await replaceContents(path, contents);
}

/**
 * Writes `contents` whole to a new file beside `path` and moves it over `path`, so that readers
 * (this app, a browser, the relay) see the old file or the new one, never half. `mode`, when
 * given, is the new file's before it takes the old one's place. The folder must exist.
 */
export async function replaceContents(
  path: string,
  contents: string | Uint8Array,
  mode?: number,
): Promise<void> {
  const temporary = await writeTemporaryBeside(path, contents);
  try {
    if (mode !== undefined) await chmod(temporary, mode);
    await replaceFile(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Reads and validates a JSON file. A file that is not JSON or does not match the schema is
 * renamed to `<path>.corrupt-<timestamp>` and reported, so the caller can fall back to defaults
 * and say so.
 */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  now: () => Date = () => new Date(),
): Promise<ReadResult<z.infer<S>>> {
  let text: string | undefined;
  try {
    text = await readFileNoFollow(path);
  } catch (error) {
    if (isNotFound(error)) return { status: 'missing' };
    // A link planted where the file should be is never followed: set aside like a bad file.
    if (!isRefusedLink(error)) throw error;
  }
  let reason = 'a symbolic link, which is not followed';
  if (text !== undefined) {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return { status: 'ok', value: parsed.data };
      const issue = parsed.error.issues[0];
      reason = issue
        ? `${issue.path.join('.') || '(root)'}: ${issue.message}`
        : 'does not match the expected shape';
    } catch {
      reason = 'not valid JSON';
    }
  }
  const setAsidePath = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
  await rename(path, setAsidePath);
  return { status: 'corrupt', reason, setAsidePath };
}

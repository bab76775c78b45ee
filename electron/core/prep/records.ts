// What automatic prep did for each meeting, one file per meeting occurrence (its key and start
// time) in `<data dir>/auto-prep/`. The file is created exclusively BEFORE the run starts: a
// complete file is linked into place, and a link refuses a name that exists, so of two cores on
// one data folder (the app and browser mode), or one core before and after a restart, exactly
// one gets to start the run. Later changes replace the file atomically (writeJsonFileAtomic).
import { createHash } from 'node:crypto';
import { link, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AutoPrepSkipReason } from '../../contract';
import { readFileNoFollow, makePrivateDir } from '../storage/private-files';
import { writeJsonFileAtomic, writeTemporaryBeside } from '../storage/json-file';
import { isNotFound } from '../storage/not-found';

export const AUTO_PREP_DIR = 'auto-prep';

const Instant = z.iso.datetime();

export const PrepProgress = z.discriminatedUnion('status', [
  /** Claimed; the run is being created. */
  z.object({ status: z.literal('starting'), at: Instant }),
  /** The service answered 503: tried again at `retryAt`. */
  z.object({
    status: z.literal('waiting'),
    attempts: z.number().int().min(1),
    retryAt: Instant,
  }),
  z.object({ status: z.literal('running'), runId: z.string().min(1), startedAt: Instant }),
  z.object({
    status: z.literal('ready'),
    runId: z.string().min(1),
    finishedAt: Instant,
    firstLines: z.string().max(1000),
    read: z.boolean(),
  }),
  z.object({
    status: z.literal('skipped'),
    reason: AutoPrepSkipReason,
    at: Instant,
    runId: z.string().min(1).optional(),
  }),
]);
export type PrepProgress = z.infer<typeof PrepProgress>;

export const PrepRecord = z.object({
  version: z.literal(1),
  meetingKey: z.string().min(1),
  startsAt: Instant,
  title: z.string().optional(),
  dealId: z.string().optional(),
  agentId: z.string().min(1),
  claimedAt: Instant,
  progress: PrepProgress,
});
export type PrepRecord = z.infer<typeof PrepRecord>;

/** A one-off token's file: what it stands for, and how long it must be kept. */
const OnceToken = z.object({ name: z.string(), keepUntil: Instant });
type OnceToken = z.infer<typeof OnceToken>;

/**
 * A token file written before tokens said how long to keep them (a line with the name only) is
 * kept this long after it was written: longer than any billing period the notice stands for.
 */
const UNDATED_TOKEN_MS = 400 * 86_400_000;

/** When a token file may go: its own date, or for an undated one, its age. */
async function tokenKeptUntil(path: string): Promise<number> {
  const text = await readFileNoFollow(path);
  try {
    const parsed = OnceToken.safeParse(JSON.parse(text));
    if (parsed.success) return Date.parse(parsed.data.keepUntil);
  } catch {
    // Not JSON: an undated token.
  }
  return (await stat(path)).mtimeMs + UNDATED_TOKEN_MS;
}

async function pruneTokens(dir: string, before: Date): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names.filter((entry) => /^once-[0-9a-f]{32}$/.test(entry))) {
    const path = join(dir, name);
    try {
      if ((await tokenKeptUntil(path)) < before.getTime()) await rm(path, { force: true });
    } catch {
      // Gone meanwhile (another core pruned it) or unreadable: left for the next prune.
    }
  }
}

/** Records of meetings that started longer ago than this are forgotten. */
export const KEEP_RECORDS_MS = 2 * 86_400_000;

/** When a meeting's record, and a token taken for it, may be pruned. */
export function recordKeptUntil(record: Pick<PrepRecord, 'startsAt'>): Date {
  return new Date(Date.parse(record.startsAt) + KEEP_RECORDS_MS);
}

/** A new claim on a meeting occurrence for `dealId`: its run is about to start. */
export function startingRecord(
  meeting: { key: string; startsAt: string; title?: string },
  dealId: string,
  agentId: string,
  now: Date,
): PrepRecord {
  return {
    version: 1,
    meetingKey: meeting.key,
    startsAt: meeting.startsAt,
    ...(meeting.title === undefined ? {} : { title: meeting.title }),
    dealId,
    agentId,
    claimedAt: now.toISOString(),
    progress: { status: 'starting', at: now.toISOString() },
  };
}

/** One meeting occurrence's file name: a moved meeting is another occurrence. */
export function occurrenceId(meetingKey: string, startsAt: string): string {
  const start = new Date(startsAt).toISOString();
  return createHash('sha256').update(`${meetingKey}\n${start}`).digest('hex').slice(0, 32);
}

export interface PrepRecords {
  /** Every readable record (an unreadable one is skipped: it still blocks a second claim). */
  list(): Promise<PrepRecord[]>;
  /** Creates the record unless one exists; true when this caller created it. */
  claim(record: PrepRecord): Promise<boolean>;
  /** Replaces an existing record (only its claimer changes its progress). */
  update(record: PrepRecord): Promise<void>;
  /**
   * Takes a one-off token (a notice said once per period): true for the first taker only. The
   * token is kept until `keepUntil`, then pruned with the records.
   */
  once(name: string, keepUntil: Date): Promise<boolean>;
  /** Forgets records of meetings that started before `before`, and tokens kept until before it. */
  prune(before: Date): Promise<void>;
}

export function dataDirPrepRecords(dataDir: string): PrepRecords {
  return dirPrepRecords(join(dataDir, AUTO_PREP_DIR));
}

export function dirPrepRecords(dir: string): PrepRecords {
  const pathOf = (record: Pick<PrepRecord, 'meetingKey' | 'startsAt'>) =>
    join(dir, `${occurrenceId(record.meetingKey, record.startsAt)}.json`);

  /** Links a complete file into place; EEXIST means another got there first. */
  const createExclusively = async (path: string, text: string): Promise<boolean> => {
    await makePrivateDir(dir);
    const temporary = await writeTemporaryBeside(path, text);
    try {
      await link(temporary, path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(temporary, { force: true });
    }
  };

  const list = async (): Promise<PrepRecord[]> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const records = await Promise.all(
      names
        .filter((name) => /^[0-9a-f]{32}\.json$/.test(name))
        .map(async (name) => {
          try {
            const parsed = PrepRecord.safeParse(
              JSON.parse(await readFileNoFollow(join(dir, name))),
            );
            return parsed.success ? [parsed.data] : [];
          } catch {
            // Gone meanwhile (pruned by another core) or unreadable: not a record to show.
            return [];
          }
        }),
    );
    return records.flat();
  };

  return {
    list,
    claim: (record) => createExclusively(pathOf(record), `${JSON.stringify(record, null, 2)}\n`),
    update: (record) => writeJsonFileAtomic(pathOf(record), record),
    once: (name, keepUntil) => {
      const safe = createHash('sha256').update(name).digest('hex').slice(0, 32);
      const token: OnceToken = { name, keepUntil: keepUntil.toISOString() };
      return createExclusively(join(dir, `once-${safe}`), `${JSON.stringify(token)}\n`);
    },
    async prune(before) {
      for (const record of await list()) {
        if (Date.parse(record.startsAt) < before.getTime()) {
          await rm(pathOf(record), { force: true });
        }
      }
      await pruneTokens(dir, before);
    },
  };
}

// Automatic prep against the embedded demo service over real HTTP, on a fake clock shared by the
// service and the scheduler, with its records in a real data folder: a meeting at 10:00 gets
// exactly one prep run at 09:00 across a restart, a sleep over 09:00 and two cores on one folder;
// a cancelled meeting gets none; a quota short of the reserve starts none and says so once; a 429
// is not retried.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../electron/core/api/client';
import { sessionFor } from '../../../../electron/core/api/config';
import { createLogger } from '../../../../electron/core/logs/logger';
import type { NotificationDecision } from '../../../../electron/core/notifications';
import {
  createAutoPrep,
  dataDirPrepRecords,
  type AutoPrep,
  type AutoPrepSettings,
} from '../../../../electron/core/prep';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { englishWords } from '../../../../electron/domain/i18n/node-translator';

const PREP_AGENT = 'research.account_brief';
const MEETING_AT = '2026-11-24T10:00:00.000Z';
const at = (hhmmss: string) => Date.parse(`2026-11-24T${hhmmss}.000Z`);

let current = at('07:00:00');
let demo: DemoService;
let api: ApiClient;
let dealId: string;
const log = createLogger({});

beforeAll(async () => {
  demo = await startDemoService({ pacing: 'instant', clock: () => new Date(current) });
  api = createApiClient({
    baseUrl: demo.baseUrl,
    session: sessionFor(demo.baseUrl, demo.token),
    timeoutMs: 5000,
  });
  dealId = demo.control.deals()[0]?.id ?? '';
});
afterAll(async () => {
  await demo.stop();
});
beforeEach(() => {
  current = at('07:00:00');
  demo.control.clearFaults();
  demo.control.setLimits({ requests: null, runs: 500, tokens: null });
  demo.control.setUsage({ requests: 0, runs: 0, inputTokens: 0, outputTokens: 0 });
  demo.control.setMeetings([
    { id: 'm-globex', title: 'Globex call', startsAt: MEETING_AT, dealId },
  ]);
});

/** What one day of a test saw: the runs the scheduler created, when, and what it told the user. */
interface Day {
  dir: string;
  started: { runId: string; at: string }[];
  told: NotificationDecision[];
  /** Makes the next run creation answer this (a fault set just before POST /runs). */
  nextStartFails?: { status: number; code: string };
}

async function newDay(): Promise<Day> {
  return { dir: await mkdtemp(join(tmpdir(), 'assistant-autoprep-')), started: [], told: [] };
}

/** A core's automatic prep on the day's data folder (a new one is a restart or a second core). */
function core(day: Day, settings: Partial<AutoPrepSettings> = {}): AutoPrep {
  return createAutoPrep({
    records: dataDirPrepRecords(day.dir),
    fetchBriefing: async () => (await api.getMeetingBriefing()).data.data,
    fetchUsage: async () => (await api.getUsage()).data,
    startRun: async (run) => {
      if (day.nextStartFails !== undefined) {
        demo.control.failNextRequests({ ...day.nextStartFails, count: 1, retryAfterSeconds: null });
        day.nextStartFails = undefined;
      }
      const created = await api.createRun({
        agentId: run.agentId,
        input: { message: run.message },
        context: { dealId: run.dealId },
      });
      day.started.push({ runId: created.data.runId, at: new Date(current).toISOString() });
      return { runId: created.data.runId };
    },
    readAnswer: async (runId) => demo.control.runOutput(runId),
    settings: () => ({
      mode: 'deal-meetings',
      leadMinutes: 60,
      reservePercent: 10,
      pollMinutes: 5,
      ...settings,
    }),
    agentId: async () => PREP_AGENT,
    now: () => new Date(current),
    timeZone: () => 'UTC',
    translator: () => englishWords(),
    deliver: async (decision) => {
      day.told.push(decision);
    },
    log,
  });
}

/** Checks at each instant the core asks for, from now until `until` (a timer that fires on time). */
async function runUntil(prep: AutoPrep, until: number): Promise<void> {
  for (;;) {
    const next = await prep.check();
    if (next === undefined || next.getTime() > until) return;
    current = Math.max(next.getTime(), current);
  }
}

describe('automatic prep over a morning against the demo service', () => {
  it('runs the prep of a meeting at 10:00 exactly once, at 09:00, across a restart at 08:59:59', async () => {
    const day = await newDay();
    const before = core(day);
    await runUntil(before, at('08:59:59'));
    current = at('08:59:59');
    await before.check();
    expect(day.started).toEqual([]);
    expect((await before.list()).meetings).toMatchObject([
      {
        meetingKey: 'meeting-briefing:id:m-globex',
        prep: { status: 'scheduled', at: '2026-11-24T09:00:00.000Z' },
      },
    ]);

    // The app restarts; the new core's first check comes at 09:00.
    current = at('09:00:00');
    const after = core(day);
    await runUntil(after, at('09:40:00'));
    // And once more, as if started again while the prep runs.
    await runUntil(core(day), at('09:50:00'));
    expect(day.started.map((run) => run.at)).toEqual(['2026-11-24T09:00:00.000Z']);

    const runId = day.started[0]?.runId ?? '';
    const record = await demo.control.waitForRun(runId);
    expect(after.owns(runId)).toBe(true);
    await after.runFinished({ runId, status: record.status });
    const [meeting] = (await after.list()).meetings;
    expect(meeting?.prep).toMatchObject({ status: 'ready', runId, read: false });
    expect(meeting?.prep.status === 'ready' && meeting.prep.firstLines.length).toBeGreaterThan(0);
    expect(day.told.map((told) => [told.title, told.target])).toEqual([
      ['Your prep for Globex call at 10:00 AM is ready', { screen: 'run', runId }],
    ]);
    const read = await after.markRead('meeting-briefing:id:m-globex');
    expect(read.meetings[0]?.prep).toMatchObject({ status: 'ready', read: true });
  });

  it('runs it once when the machine sleeps over 09:00 and wakes at 09:20', async () => {
    const day = await newDay();
    const prep = core(day);
    await runUntil(prep, at('08:50:00'));
    current = at('09:20:00'); // the clock jumps: no check between 08:50 and 09:20
    await runUntil(prep, at('09:55:00'));
    expect(day.started.map((run) => run.at)).toEqual(['2026-11-24T09:20:00.000Z']);
  });

  it('runs it once when two cores share one data folder and check at the same moment', async () => {
    const day = await newDay();
    const [one, two] = [core(day), core(day)];
    current = at('09:00:00');
    await Promise.all([one.check(), two.check(), one.check()]);
    await Promise.all([runUntil(one, at('09:30:00')), runUntil(two, at('09:30:00'))]);
    expect(day.started).toHaveLength(1);
  });

  it('runs none for a meeting cancelled at 08:30', async () => {
    const day = await newDay();
    const prep = core(day);
    await runUntil(prep, at('08:30:00'));
    demo.control.setMeetings([]);
    current = at('08:30:00');
    await runUntil(prep, at('10:30:00'));
    expect(day.started).toEqual([]);
    expect((await prep.list()).meetings).toEqual([]);
  });

  it('prepares a moved meeting at its new time, not the old one', async () => {
    const day = await newDay();
    const prep = core(day);
    await runUntil(prep, at('08:30:00'));
    demo.control.setMeetings([
      { id: 'm-globex', title: 'Globex call', startsAt: '2026-11-24T11:00:00.000Z', dealId },
    ]);
    current = at('08:30:00');
    await runUntil(prep, at('10:30:00'));
    expect(day.started.map((run) => run.at)).toEqual(['2026-11-24T10:00:00.000Z']);
  });

  it('starts none with the runs quota two short of the reserve, and says so once', async () => {
    const day = await newDay();
    // 10 % of 100 runs is kept; 8 are left, and the prep would take one more.
    demo.control.setLimits({ runs: 100 });
    demo.control.setUsage({ runs: 92 });
    demo.control.setMeetings([
      { id: 'm-globex', title: 'Globex call', startsAt: MEETING_AT, dealId },
      { id: 'm-initech', title: 'Initech call', startsAt: '2026-11-24T11:00:00.000Z', dealId },
    ]);
    await runUntil(core(day), at('10:40:00'));
    await runUntil(core(day), at('10:45:00'));
    expect(day.started).toEqual([]);
    expect(day.told.map((told) => [told.title, told.body])).toEqual([
      ['Not prepared automatically', 'Your team has 8 runs left in this billing period.'],
    ]);
    const list = await core(day).list();
    expect(list.meetings.map((meeting) => meeting.prep)).toEqual([
      { status: 'skipped', reason: 'quota' },
      { status: 'skipped', reason: 'quota' },
    ]);
  });

  it('does not retry a 429, at once or later', async () => {
    const day = await newDay();
    day.nextStartFails = { status: 429, code: 'rate_limited' };
    await runUntil(core(day), at('09:50:00'));
    expect(day.started).toEqual([]);
    expect((await core(day).list()).meetings[0]?.prep).toEqual({
      status: 'skipped',
      reason: 'rate-limited',
    });
  });

  it('gives a meeting whose prep time passed while the app was closed its prep at start, if more than 10 minutes away', async () => {
    const day = await newDay();
    current = at('09:45:00');
    await runUntil(core(day), at('09:55:00'));
    expect(day.started.map((run) => run.at)).toEqual(['2026-11-24T09:45:00.000Z']);

    const late = await newDay();
    current = at('09:52:00');
    const prep = core(late);
    await runUntil(prep, at('09:59:00'));
    expect(late.started).toEqual([]);
    expect((await prep.list()).meetings[0]?.prep).toEqual({
      status: 'skipped',
      reason: 'too-late',
    });
  });
});

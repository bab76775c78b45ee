// The notification runner against the embedded demo service over real HTTP, through the core API
// client, over a simulated working day: the service's clock and the scheduler's clock are the
// same fake clock, and usage is moved with the demo's control API. Checks the exact notifications.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../electron/core/api/client';
import {
  clientFetcher,
  clip,
  createNotificationRunner,
  dataDirStateStore,
  NotificationSettingsSchema,
  resolveNotificationSettings,
  type CheckReason,
  type NotificationDecision,
  type NotificationRunner,
} from '../../../../electron/core/notifications';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { englishWords } from '../../../../electron/domain/i18n/node-translator';
import { formatNotice } from '../../../../electron/domain/notifications/notification-text';
import { clockTime } from '../../../../electron/domain/text/clock-time';
import { FALLBACK_WEEK } from '../../../../electron/domain/week/week-info';
import { sessionFor } from '../../../../electron/core/api/config';

const ZONE = 'Europe/Berlin';
const DAY_START = Date.parse('2026-11-24T05:00:00.000Z'); // Tuesday 06:00 in Berlin
const DAY_END = Date.parse('2026-11-24T19:00:00.000Z'); // 20:00 in Berlin
const MIN = 60_000;
const PREP_AGENT = 'research.account_brief';
const RUN_AGENT = 'sales.deal_coach';

let current = DAY_START;
const clock = { now: () => new Date(current), timeZone: () => ZONE };
let demo: DemoService;
let api: ApiClient;

beforeAll(async () => {
  demo = await startDemoService({ pacing: 'instant', clock: () => new Date(current) });
  api = createApiClient({
    baseUrl: demo.baseUrl,
    session: sessionFor(demo.baseUrl, demo.token),
    timeoutMs: 5000,
  });
});
afterAll(async () => {
  await demo.stop();
});
beforeEach(() => {
  current = DAY_START;
  demo.control.setLimits({ requests: null, runs: 500, tokens: null });
  demo.control.setUsage({ requests: 0, runs: 0, inputTokens: 0, outputTokens: 0 });
});

/** The service's own answer at `at`, read with plain fetch, independent of the client under test. */
async function serviceData(path: string, at: number): Promise<Record<string, unknown>> {
  const saved = current;
  current = at;
  try {
    const res = await fetch(`${demo.baseUrl}${path}`, {
      headers: { cookie: `sb-access-token=${demo.token}` },
    });
    const body = (await res.json()) as { data: Record<string, unknown> };
    return body.data;
  } finally {
    current = saved;
  }
}

interface Seen {
  at: string;
  decision: NotificationDecision;
}

/** What the day is scripted to bring, applied before the check at each instant. */
async function script(at: number, runner: NotificationRunner, seen: Seen[]): Promise<void> {
  if (at === Date.parse('2026-11-24T11:00:00.000Z')) demo.control.setUsage({ runs: 400 });
  if (at === Date.parse('2026-11-24T16:00:00.000Z')) demo.control.setUsage({ runs: 500 });
  if (at === Date.parse('2026-11-24T13:00:00.000Z')) {
    // A run started from the app finishes while the window is in the background.
    const dealId = demo.control.deals()[0]?.id ?? '';
    const created = await api.createRun({
      agentId: RUN_AGENT,
      input: { message: 'What should I do next on this deal?' },
      context: { dealId },
    });
    await demo.control.waitForRun(created.data.runId);
    const record = (await api.getRun(created.data.runId)).data.data;
    const result = await runner.runFinished(
      {
        runId: created.data.runId,
        status: record.status ?? 'unknown',
        agentId: record.agentId ?? RUN_AGENT,
        dealId,
      },
      { windowFocused: false },
    );
    seen.push(
      ...result.show.map((decision) => ({
        at: new Date(at).toISOString(),
        decision: words(decision),
      })),
    );
  }
}

function newRunner(dir: string): NotificationRunner {
  return createNotificationRunner({
    fetcher: clientFetcher(api),
    store: dataDirStateStore(dir),
    clock,
    settings: () =>
      resolveNotificationSettings(
        NotificationSettingsSchema.parse({ prepAgentId: PREP_AGENT }),
        FALLBACK_WEEK.workingDays,
      ),
  });
}

/**
 * The decision as the day checks it, by its words: the messages kept with them must format to
 * the same words (core speaks English here); which ids and values they hold is the unit tests'.
 */
function words({ message, ...decision }: NotificationDecision): NotificationDecision {
  expect(message).toBeDefined();
  expect(formatNotice(englishWords(), { ...decision, title: '', body: '', message })).toEqual({
    title: decision.title,
    body: decision.body,
  });
  return decision;
}

async function record(runner: NotificationRunner, reason: CheckReason, seen: Seen[]) {
  const result = await runner.check({ reason });
  expect(result.errors).toEqual([]);
  expect(result.problems).toEqual([]);
  seen.push(
    ...result.show.map((decision) => ({
      at: clock.now().toISOString(),
      decision: words(decision),
    })),
  );
  return result;
}

/** The notifications the day must bring, built from the service's own answers. */
async function expectedDay(): Promise<Seen[]> {
  const expected: Seen[] = [];
  const at = (iso: string) => Date.parse(iso);
  // The demo's calendar has a meeting on every half hour; its briefing shows the next one that is
  // at least 20 minutes away. Each is announced 15 minutes before its start, from memory.
  for (let start = DAY_START + 30 * MIN; start - 15 * MIN <= DAY_END; start += 30 * MIN) {
    const meeting = await serviceData('/briefings/meeting', start - 30 * MIN);
    expect(meeting.startsAt).toBe(new Date(start).toISOString());
    expected.push({
      at: new Date(start - 15 * MIN).toISOString(),
      decision: {
        kind: 'meeting-briefing',
        key: `meeting-briefing:id:${String(meeting.meetingId)}`,
        title: String(meeting.title),
        body: clip(
          `Starts at ${clockTime(start, 'en', ZONE) ?? ''} (in 15 min) · ${clip(String(meeting.summary), 300)}`,
        ),
        target: { screen: 'briefing', which: 'meeting' },
        actions: [
          { id: 'prepare', label: 'Prepare', agentId: PREP_AGENT, dealId: String(meeting.dealId) },
        ],
      },
    });
  }
  const morning = await serviceData('/briefings/morning', at('2026-11-24T07:00:00.000Z'));
  expected.push({
    at: '2026-11-24T07:00:00.000Z',
    decision: {
      kind: 'morning-briefing',
      key: 'morning-briefing:2026-11-24',
      title: 'Morning briefing',
      body: clip(String(morning.headline)),
      target: { screen: 'today' },
    },
  });
  const period = '2026-11-01T00:00:00.000Z';
  expected.push(
    {
      at: '2026-11-24T11:00:00.000Z',
      decision: {
        kind: 'quota',
        key: `quota:runs:${period}:80`,
        title: '80% of runs quota used',
        body: '400 of 500 runs used in this billing period.',
        target: { screen: 'usage' },
      },
    },
    {
      // From 80 % straight to 100 %: 95 and 100 are crossed together, only 100 is told.
      at: '2026-11-24T16:00:00.000Z',
      decision: {
        kind: 'quota',
        key: `quota:runs:${period}:100`,
        title: 'Runs quota reached',
        body: '500 of 500 runs used in this billing period.',
        target: { screen: 'usage' },
      },
    },
  );
  return expected;
}

function byTime(list: Seen[]): Seen[] {
  return [...list].sort(
    (a, b) => a.at.localeCompare(b.at) || a.decision.key.localeCompare(b.decision.key),
  );
}

describe('the notification scheduler over a simulated day against the demo service', () => {
  it('checks every five minutes from 06:00 to 20:00 and decides exactly the expected notifications', async () => {
    const expected = await expectedDay();
    const dir = await mkdtemp(join(tmpdir(), 'assistant-notify-day-'));
    let runner = newRunner(dir);
    const seen: Seen[] = [];
    for (current = DAY_START; current <= DAY_END; current += 5 * MIN) {
      await script(current, runner, seen);
      await record(runner, current === DAY_START ? 'start' : 'timer', seen);
      // The app is restarted at lunchtime; nothing is repeated or lost.
      if (current === Date.parse('2026-11-24T11:30:00.000Z')) runner = newRunner(dir);
    }
    const run = seen.find((entry) => entry.decision.kind === 'run-finished');
    expect(run).toEqual({
      at: '2026-11-24T13:00:00.000Z',
      decision: {
        kind: 'run-finished',
        key: expect.stringMatching(/^run-finished:/),
        // No names at hand: the agent's id made readable, the deal's id never shown.
        title: 'Deal coach answered',
        body: 'Done',
        target: { screen: 'run', runId: expect.any(String) },
        group: { key: `answers:${RUN_AGENT}:${demo.control.deals()[0]?.id}:`, of: 'Deal coach' },
      },
    });
    expect(byTime(seen.filter((entry) => entry !== run))).toEqual(byTime(expected));
    expect(expected.filter((entry) => entry.decision.kind === 'meeting-briefing')).toHaveLength(28);
  });

  it('a host that follows nextCheckAt sees the same notifications at the same moments', async () => {
    const expected = await expectedDay();
    const dir = await mkdtemp(join(tmpdir(), 'assistant-notify-day-'));
    const runner = newRunner(dir);
    const seen: Seen[] = [];
    const scripted = [
      '2026-11-24T11:00:00.000Z',
      '2026-11-24T13:00:00.000Z',
      '2026-11-24T16:00:00.000Z',
    ].map(Date.parse);
    let reason: CheckReason = 'start';
    let checks = 0;
    for (current = DAY_START; current <= DAY_END; checks += 1) {
      const result = await record(runner, reason, seen);
      reason = 'timer';
      const next = result.nextCheckAt.getTime();
      expect(next).toBeGreaterThan(current);
      // Scripted events (usage changes, a run) happen between timers, as they would.
      const event = scripted.find((at) => at > current && at <= next);
      if (event !== undefined && event < next) {
        current = event;
        await script(current, runner, seen);
        reason = 'usage-changed';
        continue;
      }
      current = next;
      await script(current, runner, seen);
    }
    expect(checks).toBeLessThanOrEqual(14 * 12 + 1 + scripted.length);
    expect(byTime(seen.filter((entry) => entry.decision.kind !== 'run-finished'))).toEqual(
      byTime(expected),
    );
  });
});

// The run manager against the demo service over real HTTP: start, several runs, cancel, a failing
// run, drops, an expired session, a restart in the middle of a run, transcripts on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { createApiClient } from '../../../../electron/core/api/client';
import { AssistantError } from '../../../../electron/core/errors';
import type { RunManager } from '../../../../electron/core/runs/manager';
import { TranscriptStore } from '../../../../electron/core/runs/transcript-store';
import { askOnService } from '../../../support/ask-on-service';
import { startFaultProxy } from '../../../support/fault-proxy';
import { createManager, tempDataDir, UpdateLog, type ManagedSession } from './helpers';
import { sessionFor } from '../../../../electron/core/api/config';

let service: DemoService;
let dealId: string;

beforeAll(async () => {
  service = await startDemoService({ pacing: 'instant', keepAliveMs: 200, retryMs: 20 });
  const first = service.control.deals()[0];
  if (!first) throw new Error('the demo service has no deals');
  dealId = first.id;
});
afterAll(() => service.stop());

function request(message: string, demo: Record<string, unknown> = {}) {
  return { agentId: 'sales.deal_coach', dealId, message, input: { demo } };
}

async function withManager<T>(
  run: (
    manager: RunManager,
    log: UpdateLog,
    session: ManagedSession,
    dataDir: string,
  ) => Promise<T>,
  dataDir?: string,
): Promise<T> {
  const session: ManagedSession = { token: service.token };
  const dir = dataDir ?? (await tempDataDir());
  const manager = createManager(service.baseUrl, session, dir);
  const log = new UpdateLog(manager);
  try {
    return await run(manager, log, session, dir);
  } finally {
    await manager.close();
  }
}

describe('the run manager over real HTTP', () => {
  it('starts a run, streams it to the end in coalesced batches and stores its transcript', async () => {
    await withManager(async (manager, log) => {
      const started = await manager.start(request('Summarise the deal', { tokens: 400 }));
      expect(started).toMatchObject({ agentId: 'sales.deal_coach', dealId, done: false });
      expect(manager.list().map((run) => run.runId)).toEqual([started.runId]);

      const updates = await log.done(started.runId);
      const expected = service.control.runOutput(started.runId);
      expect(expected).toBeTruthy();
      expect(log.text(started.runId)).toBe(expected);
      // Coalesced: far fewer batches than the 400 tokens, numbered 1, 2, 3…
      expect(updates.length).toBeLessThan(100);
      expect(updates.map((update) => update.seq)).toEqual(updates.map((_, i) => i + 1));
      const last = updates.at(-1);
      expect(last).toMatchObject({ done: true, usage: { outputTokens: 400 } });
      expect(updates.flatMap((update) => update.statuses)).toContain('succeeded');

      const summary = manager.list()[0];
      expect(summary).toMatchObject({ status: 'succeeded', done: true, stream: 'closed' });
      expect(manager.get(started.runId)?.text).toBe(expected);

      const transcript = await manager.readTranscript(started.runId);
      expect(transcript).toMatchObject({
        runId: started.runId,
        agentId: 'sales.deal_coach',
        dealId,
        message: 'Summarise the deal',
        status: 'succeeded',
        text: expected,
        usage: { outputTokens: 400 },
      });
      expect(transcript?.events.some((event) => event.type === 'output')).toBe(false);
      expect(transcript?.events.at(-1)).toMatchObject({ type: 'final', status: 'succeeded' });
    });
  });

  it('follows several runs at once, each with its own text', async () => {
    await withManager(async (manager, log) => {
      const runs = await Promise.all(
        [150, 300, 450, 600].map((tokens, i) =>
          manager.start(request(`Question ${i}`, { tokens, tokensPerSecond: 4000 })),
        ),
      );
      await Promise.all(runs.map((run) => log.done(run.runId)));
      for (const run of runs) {
        expect(log.text(run.runId)).toBe(service.control.runOutput(run.runId));
      }
      expect(manager.list().filter((run) => run.done)).toHaveLength(4);
    });
  });

  it('follows a run started elsewhere, and refuses one that does not exist', async () => {
    const dataDir = await tempDataDir();
    const other = createApiClient({
      baseUrl: service.baseUrl,
      session: sessionFor(service.baseUrl, service.token),
    });
    const created = await other.createRun({
      agentId: 'research.account_brief',
      input: { message: 'Started by someone else', demo: { tokens: 120 } },
      context: { dealId },
    });
    const runId = created.data.runId;
    await withManager(async (manager, log) => {
      const followed = await manager.follow(runId);
      expect(followed).toMatchObject({ runId, agentId: 'research.account_brief', dealId });
      await log.done(runId);
      expect(log.text(runId)).toBe(service.control.runOutput(runId));
      expect(manager.get(runId)?.message).toBe('Started by someone else');
      await expect(manager.follow('no-such-run')).rejects.toMatchObject({ status: 404 });
    }, dataDir);

    // After a restart, a finished run is shown from its transcript, without streaming it again.
    await withManager(async (manager, log) => {
      const shown = await manager.follow(runId);
      expect(shown).toMatchObject({ runId, done: true, stream: 'closed', status: 'succeeded' });
      expect(manager.get(runId)?.text).toBe(service.control.runOutput(runId));
      expect(log.updates).toEqual([]);
    }, dataDir);
  });

  it('refuses bad input and a run over quota before anything is sent', async () => {
    const session: ManagedSession = { token: service.token };
    const before = service.control.usage().runs.count;
    let checks = 0;
    const manager = createManager(service.baseUrl, session, await tempDataDir(), {
      quota: {
        check: async () => {
          checks += 1;
          throw new AssistantError({
            kind: 'quota',
            message: 'The runs quota for this period is used up.',
          });
        },
      },
    });
    try {
      await expect(
        manager.start({ ...request('x'), agentId: 'not-an-agent' }),
      ).rejects.toMatchObject({
        kind: 'invalid_input',
        field: 'agentId',
      });
      await expect(manager.start({ ...request('   ') })).rejects.toMatchObject({
        kind: 'invalid_input',
      });
      await expect(manager.start({ ...request('x'), dealId: '42' })).rejects.toMatchObject({
        kind: 'invalid_input',
      });
      expect(checks).toBe(0);
      await expect(manager.start(request('over quota'))).rejects.toMatchObject({ kind: 'quota' });
      expect(checks).toBe(1);
      expect(service.control.usage().runs.count).toBe(before);
      expect(manager.list()).toEqual([]);
    } finally {
      await manager.close();
    }
  });

  it('cancels a run: DELETE on the service, stream closed, final state recorded', async () => {
    await withManager(async (manager, log) => {
      const started = await manager.start(
        request('Long one', { tokens: 5000, tokensPerSecond: 200 }),
      );
      await log.textReaches(started.runId, 20);
      expect(manager.asked(started.runId)).toEqual({ question: 'Long one', cancelledHere: false });
      const cancelled = await manager.cancel(started.runId);
      expect(cancelled).toMatchObject({ status: 'cancelled', done: true });
      // Its notification is skipped: the user cancelled it here.
      expect(manager.asked(started.runId).cancelledHere).toBe(true);
      expect(service.control.getRun(started.runId)?.status).toBe('cancelled');
      await log.done(started.runId);
      const updatesAtCancel = log.of(started.runId).length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(log.of(started.runId)).toHaveLength(updatesAtCancel);
      // What was shown is a prefix of what the service produced before it stopped.
      expect(service.control.runOutput(started.runId)?.startsWith(log.text(started.runId))).toBe(
        true,
      );
      const transcript = await manager.readTranscript(started.runId);
      expect(transcript).toMatchObject({ status: 'cancelled', text: log.text(started.runId) });
    });
  });

  it('reports a failing run with the service’s error', async () => {
    await withManager(async (manager, log) => {
      const started = await manager.start(
        request('Fail please', { tokens: 200, failAfterTokens: 50 }),
      );
      const updates = await log.done(started.runId);
      expect(updates.at(-1)).toMatchObject({ done: true, error: { code: 'agent_failed' } });
      expect(manager.list()[0]).toMatchObject({ status: 'failed', done: true });
      expect(log.text(started.runId)).toBe(service.control.runOutput(started.runId));
      const transcript = await manager.readTranscript(started.runId);
      expect(transcript).toMatchObject({ status: 'failed', error: { code: 'agent_failed' } });

      // Retry starts a new run with the same agent, deal, message (and other input keys).
      const again = await manager.retry(started.runId);
      expect(again.runId).not.toBe(started.runId);
      expect(again).toMatchObject({ agentId: 'sales.deal_coach', dealId });
      expect(service.control.getRun(again.runId)?.input).toMatchObject({
        message: 'Fail please',
        demo: { tokens: 200, failAfterTokens: 50 },
      });
      await log.done(again.runId);
    });
  });

  it('retries a run asked elsewhere (no transcript here) from the service’s record of it', async () => {
    await withManager(async (manager, log) => {
      const elsewhere = await askOnService(service, {
        agentId: 'sales.email_writer',
        dealId,
        message: 'Asked from the command line',
      });
      await service.control.waitForRun(elsewhere, 30_000);
      expect(await manager.readTranscript(elsewhere)).toBeNull();

      const again = await manager.retry(elsewhere);
      expect(again.runId).not.toBe(elsewhere);
      expect(again).toMatchObject({ agentId: 'sales.email_writer', dealId });
      expect(service.control.getRun(again.runId)?.input).toMatchObject({
        message: 'Asked from the command line',
      });
      await log.done(again.runId);
    });
  });

  it('resumes with Last-Event-ID after the service drops or ends the stream early', async () => {
    // A transparent proxy, only to see what the client sent.
    const proxy = await startFaultProxy({ target: service.baseUrl });
    const manager = createManager(proxy.url, { token: service.token }, await tempDataDir());
    const log = new UpdateLog(manager);
    const streamRequests = (runId: string) =>
      proxy.stats.log
        .filter((entry) => entry.path.endsWith(`/runs/${runId}/stream`))
        .map((entry) => entry.headers['last-event-id']);
    try {
      service.control.cutNextStreams({ afterEvents: 40, count: 2, mode: 'destroy' });
      const dropped = await manager.start(
        request('Drop me', { tokens: 300, tokensPerSecond: 3000 }),
      );
      await log.done(dropped.runId);
      expect(log.text(dropped.runId)).toBe(service.control.runOutput(dropped.runId));
      // Two cuts, three connections. (A destroyed socket may lose everything still in flight,
      // so which id each reconnect resumed from varies; the clean cut below pins it down.)
      expect(streamRequests(dropped.runId)).toHaveLength(3);

      service.control.cutNextStreams({ afterEvents: 30, count: 1, mode: 'end' });
      const ended = await manager.start(
        request('End me early', { tokens: 300, tokensPerSecond: 3000 }),
      );
      await log.done(ended.runId);
      expect(log.text(ended.runId)).toBe(service.control.runOutput(ended.runId));
      // The clean end without `done` made the client ask the run record, then resume.
      const paths = proxy.stats.log.map((entry) => entry.path);
      expect(paths).toContain(`${new URL(service.baseUrl).pathname}/runs/${ended.runId}`);
      expect(streamRequests(ended.runId)).toEqual([undefined, '30']);
    } finally {
      await manager.close();
      await proxy.stop();
    }
  });

  it('parks a run whose session expired and re-attaches it after sign-in', async () => {
    await withManager(async (manager, log, session) => {
      const first = service.control.createSession();
      session.token = first;
      const started = await manager.start(
        request('Keep going', { tokens: 600, tokensPerSecond: 400 }),
      );
      await log.textReaches(started.runId, 30);
      service.control.expireSession(first);
      // As after a network change: the stream reconnects and meets the expired session.
      manager.reattachAll();
      const until = Date.now() + 10_000;
      // Subscribers are told, in a batch, that the run waits for sign-in.
      while (!log.of(started.runId).some((update) => update.stream === 'session_expired')) {
        if (Date.now() > until) throw new Error('the run was not parked');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(manager.list()[0]).toMatchObject({ stream: 'session_expired', done: false });
      // Signed in again as the same user: the demo service shows a session only its own runs.
      session.token = service.control.createSession({ renews: first });
      manager.resumeAfterSignIn();
      await log.done(started.runId);
      expect(log.text(started.runId)).toBe(service.control.runOutput(started.runId));
    });
  });

  it('re-attaches a run interrupted by quitting on the next start, text exact', async () => {
    const dataDir = await tempDataDir();
    const runId = await withManager(async (manager, log) => {
      const started = await manager.start(
        request('Survive a restart', { tokens: 500, tokensPerSecond: 500 }),
      );
      await log.textReaches(started.runId, 40);
      return started.runId;
    }, dataDir);
    const stored = await new TranscriptStore({ dataDir }).read(runId);
    expect(stored?.meta.done).toBe(false);
    expect(stored?.text.length).toBeGreaterThan(0);

    await withManager(async (manager, log) => {
      expect(await manager.resumeInterrupted()).toEqual([runId]);
      await log.done(runId);
      const expected = service.control.runOutput(runId);
      // After the restart the stream continued after the stored events: nothing repeated.
      expect(stored?.text.concat(log.text(runId))).toBe(expected);
      expect((await manager.readTranscript(runId))?.text).toBe(expected);
      expect(await manager.resumeInterrupted()).toEqual([]);
    }, dataDir);
  });
});

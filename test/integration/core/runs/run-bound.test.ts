// A run whose answer outgrows what the app keeps of one: the app stops following it, keeps and
// shows the part it has with an error in words, writes nothing past the bound, and does not pick
// it up again on the next start. Transcripts report what they write, so the retention budget can
// be checked as they grow.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { TranscriptStore } from '../../../../electron/core/runs/transcript-store';
import { createManager, tempDataDir, UpdateLog, type ManagedSession } from './helpers';

const BOUND = 48 * 1024;

let service: DemoService;
let dealId: string;

beforeAll(async () => {
  service = await startDemoService({ pacing: 'instant', keepAliveMs: 200, retryMs: 20 });
  dealId = service.control.deals()[0]?.id ?? '';
});
afterAll(() => service.stop());

describe('a run past the bound', () => {
  it('is no longer followed, keeps the part it has and says why', async () => {
    const dataDir = await tempDataDir();
    const session: ManagedSession = { token: service.token };
    const written: number[] = [];
    const manager = createManager(service.baseUrl, session, dataDir, {
      maxRunBytes: BOUND,
      onTranscriptWritten: (bytes) => written.push(bytes),
    });
    const log = new UpdateLog(manager);
    try {
      const started = await manager.start({
        agentId: 'sales.deal_coach',
        dealId,
        message: 'Tell me everything',
        input: { demo: { tokens: 50_000 } },
      });
      const updates = await log.done(started.runId);
      const end = updates.at(-1);
      expect(end?.done).toBe(true);
      expect(end?.error).toMatchObject({ code: 'answer_too_long', retryable: false });
      expect(end?.error?.message).toMatch(/^This answer is too long to show here \(over 48 KB\)/);

      // What arrived before the bound is kept, shown and stored, exactly as the service sent it.
      const shown = log.text(started.runId);
      const whole = (await service.control.waitForRun(started.runId)).output ?? '';
      expect(shown.length).toBeGreaterThan(1_000);
      expect(whole.startsWith(shown)).toBe(true);
      expect(shown.length).toBeLessThan(whole.length);
      expect(manager.get(started.runId)?.text).toBe(shown);
      expect((await manager.readTranscript(started.runId))?.text).toBe(shown);
      expect(manager.list()[0]).toMatchObject({ done: true, error: { code: 'answer_too_long' } });

      // Nothing past the bound on disk, and every write was told.
      const folder = join(dataDir, 'runs', started.runId);
      const events = await stat(join(folder, 'events.jsonl'));
      expect(events.size).toBeLessThanOrEqual(BOUND);
      // …and filled up to it: only the event that would have passed it was left out.
      expect(events.size).toBeGreaterThan(BOUND - 200);
      expect(written.reduce((sum, bytes) => sum + bytes, 0)).toBe(events.size);
      expect(await readdir(folder)).toEqual(['events.jsonl', 'meta.json']);
      // Not picked up again on the next start: it would only grow past the bound again.
      const meta = (await new TranscriptStore({ dataDir }).read(started.runId))?.meta;
      expect(meta).toMatchObject({ abandoned: true, error: { code: 'answer_too_long' } });
      expect(await manager.resumeInterrupted()).toEqual([]);

      // The next run is followed as usual.
      const next = await manager.start({
        agentId: 'sales.deal_coach',
        dealId,
        message: 'Short one',
        input: { demo: { tokens: 50 } },
      });
      const nextEnd = (await log.done(next.runId)).at(-1);
      expect(nextEnd).toMatchObject({ done: true });
      expect(nextEnd?.error).toBeUndefined();
      expect(log.text(next.runId)).toBe(service.control.runOutput(next.runId));
    } finally {
      log.unsubscribe();
      await manager.close();
    }
  });
});

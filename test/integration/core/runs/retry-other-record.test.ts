// Retry of a run asked elsewhere, against a service whose run record keeps the question and the
// deal under other keys than the spec shows (`prompt`, `deal_id`): the run screens show that
// question and offer Retry, so core must ask it again rather than answer `run_not_retryable`.
// The service is the demo service behind the fault proxy, which rewrites only that run's record.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { askOnService } from '../../../support/ask-on-service';
import { startFaultProxy, type FaultProxy } from '../../../support/fault-proxy';
import { createManager, tempDataDir, UpdateLog } from './helpers';

let service: DemoService;
let relay: FaultProxy;
let dealId: string;
/** Run ids whose record the relay answers in the other shape. */
const reshaped = new Set<string>();

beforeAll(async () => {
  service = await startDemoService({ pacing: 'instant' });
  const first = service.control.deals()[0];
  if (!first) throw new Error('the demo service has no deals');
  dealId = first.id;
  relay = await startFaultProxy({
    target: service.baseUrl,
    rewrite: {
      matches: (path) => [...reshaped].some((runId) => path.endsWith(`/runs/${runId}`)),
      rewrite: (envelope) => {
        const { input, context, ...rest } = envelope.data as {
          input: { message: string };
          context: { dealId: string };
        } & Record<string, unknown>;
        return { ...envelope, data: { ...rest, prompt: input.message, deal_id: context.dealId } };
      },
    },
  });
});

afterAll(async () => {
  await relay.stop();
  await service.stop();
});

it('retries a run whose record keeps its question and deal under other keys', async () => {
  const manager = createManager(relay.url, { token: service.token }, await tempDataDir());
  const log = new UpdateLog(manager);
  try {
    const elsewhere = await askOnService(service, {
      agentId: 'sales.email_writer',
      dealId,
      message: 'Asked in another tool',
    });
    await service.control.waitForRun(elsewhere, 30_000);
    reshaped.add(elsewhere);

    const again = await manager.retry(elsewhere);

    // The record it read was the reshaped one, and the new run asks the same question.
    expect(relay.stats.log.some((r) => r.method === 'GET' && r.path.endsWith(elsewhere))).toBe(
      true,
    );
    expect(again.runId).not.toBe(elsewhere);
    expect(again).toMatchObject({ agentId: 'sales.email_writer', dealId });
    expect(service.control.getRun(again.runId)?.input).toMatchObject({
      message: 'Asked in another tool',
    });
    await log.done(again.runId);
  } finally {
    log.unsubscribe();
    await manager.close();
  }
});
